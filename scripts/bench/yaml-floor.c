/* The floor of YAML linting: libyaml's event parser over a file and nothing else — no document, no
 * strings, no positions. `scripts/bench-lint.sh` compares `ckschema lint` with it.
 *
 * usage: yaml-floor FILE   (prints the number of events; exit 1 on a syntax error, 2 on a read error) */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: yaml-floor FILE\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 2;
    }
    /* Read the whole file first, as ckschema does, so both parse from memory. */
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *text = malloc(size > 0 ? (size_t)size : 1);
    if (!text || fread(text, 1, (size_t)size, file) != (size_t)size) {
        fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 2;
    }
    fclose(file);

    yaml_parser_t parser;
    yaml_event_t event;
    if (!yaml_parser_initialize(&parser)) return 2;
    yaml_parser_set_input_string(&parser, text, (size_t)size);
    long events = 0;
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "%s: syntax error after %ld events\n", argv[1], events);
            return 1;
        }
        events++;
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        if (done) break;
    }
    yaml_parser_delete(&parser);
    free(text);
    printf("%ld events\n", events);
    return 0;
}
