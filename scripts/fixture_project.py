"""The small ckschema project the integration checks run on: one private record type, Note."""

import textwrap

NOTE_YAML = textwrap.dedent("""\
    recordTypes:
      Note:
        database: private
        fields:
          title: { type: string, indexes: [queryable, sortable] }
          body:  string
        systemFields: { recordID: [queryable] }
    """)
