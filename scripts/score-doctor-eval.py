"""Scores a doctor listing against the hand-judged sites of scripts/eval-doctor-expected.tsv: per rule TP, FP, FN,
precision and recall, then every false positive, false negative and unjudged finding.

The listing is what scripts/eval-doctor-apps.sh prints: a line `NAME (owner/repo @ commit)` per snapshot, then one
indented line per finding, `SEVERITY RULE FILE:LINE`. The expected file has one site a line, tab-separated:
snapshot, rule, FILE:LINE, `mistake` or `fine`, the reason (lines starting with `#` are comments). Only the rules
and snapshots the expected file names are scored; a snapshot it names that the listing lacks is reported and left
out, so a failed run cannot pass for a clean one.

Matching: a finding matches a site of its snapshot and rule in the same file when its line is within TOLERANCE (3)
lines of the site's, the nearest first, each site matched once. The tolerance covers a finding reported at the
statement's first line (`let (results, _) = try await` on one line, `database.records(matching:` on the next) or
at the call's receiver where the site names the method. A site written `FILE:*` matches any line of the file
(rules reported once per file), `*` any place in the snapshot (`app_account_status_unchecked`, once per app).

A `mistake` site matched is a true positive, unmatched a false negative; a `fine` site matched is a false positive.
A finding that matches no site is unjudged: listed so that the expected file can be completed, not counted.

usage: python3 scripts/score-doctor-eval.py LISTING [EXPECTED]    (EXPECTED: scripts/eval-doctor-expected.tsv)
       python3 scripts/score-doctor-eval.py --self-test    (made-up listing and sites; then the real file's consistency)
exit: 0 scored (misses do not fail it: it measures), 1 a self-test failed, 2 unreadable or malformed input (a located message on stderr)
"""
import os
import re
import signal
import sys
from collections import namedtuple

TOLERANCE = 3
VERDICTS = ("mistake", "fine")
# The code-practice rules the expected file judges (Sources/CKSchemaApp/Rules/Code); a misspelt ID would match nothing.
CODE_RULES = {"app_" + name for name in (
    "cursor_ignored", "change_token_expired_unhandled", "subscription_not_idempotent",
    "sync_engine_state_not_persisted", "sync_engine_conflict_unhandled", "cloudkit_errors_swallowed",
    "retry_after_ignored", "server_record_changed_unhandled", "polling_instead_of_push", "partial_failure_unread",
    "zone_deletion_unhandled", "key_value_store_unobserved", "account_status_unchecked")}
Site = namedtuple("Site", "snapshot rule file line verdict reason where")
Finding = namedtuple("Finding", "snapshot rule file line")

SNAPSHOT_LINE = re.compile(r"^(\S+) \(")
NO_COPY_LINE = re.compile(r"^(\S+): no local copy of ")
FINDING_LINE = re.compile(r"^\s+\S+ (\S+) (.+):(\d+|-)$")


class InputError(Exception):
    """A located problem with an input file (`path:line: message`)."""


def parse_place(text, where):
    """`FILE:LINE` → (file, line); `FILE:*` → (file, None); `*` → (None, None)."""
    if text == "*":
        return None, None
    file, sep, line = text.rpartition(":")
    if not sep or not file:
        raise InputError("%s: the place '%s' is not FILE:LINE, FILE:* or *" % (where, text))
    if line == "*":
        return file, None
    if not line.isdigit():
        raise InputError("%s: the line of '%s' is not a number or *" % (where, text))
    return file, int(line)


def read_expected(lines, path):
    sites = []
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        where = "%s:%d" % (path, number)
        fields = line.split("\t")
        if len(fields) != 5:
            raise InputError("%s: %d tab-separated fields, 5 expected "
                             "(snapshot, rule, FILE:LINE, verdict, reason)" % (where, len(fields)))
        snapshot, rule, place, verdict, reason = (field.strip() for field in fields)
        if verdict not in VERDICTS:
            raise InputError("%s: the verdict '%s' is not 'mistake' or 'fine'" % (where, verdict))
        if not reason:
            raise InputError("%s: the reason is empty" % where)
        file, line_number = parse_place(place, where)
        sites.append(Site(snapshot, rule, file, line_number, verdict, reason, where))
    return sites


def read_listing(lines, path):
    """Findings by snapshot; a snapshot that could not run maps to None."""
    findings = {}
    snapshot = None
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\n")
        if not line.strip():
            continue
        if not line[0].isspace():
            header, no_copy = SNAPSHOT_LINE.match(line), NO_COPY_LINE.match(line)
            if no_copy:  # the evaluation script had no copy of this app: not run
                snapshot = None
                findings[no_copy.group(1)] = None
                continue
            if not header:
                raise InputError("%s:%d: not a snapshot line ('NAME (owner/repo @ commit)'): %s" % (path, number, line))
            snapshot = header.group(1)
            findings[snapshot] = []
            continue
        if snapshot is None:
            raise InputError("%s:%d: a finding before any snapshot line" % (path, number))
        if line.strip() == "could not run":
            findings[snapshot] = None
            continue
        match = FINDING_LINE.match(line)
        if not match:
            raise InputError("%s:%d: not a finding line ('  SEVERITY RULE FILE:LINE'): %s" % (path, number, line))
        if findings[snapshot] is not None:
            rule, file, line_number = match.groups()
            findings[snapshot].append(
                Finding(snapshot, rule, file, int(line_number) if line_number != "-" else None))
    return findings


def distance(site, finding):
    """How far a finding is from a site, or None when it cannot be that site."""
    if site.snapshot != finding.snapshot or site.rule != finding.rule:
        return None
    if site.file is None:
        return 0
    if site.file != finding.file:
        return None
    if site.line is None:
        return 0
    if finding.line is None or abs(finding.line - site.line) > TOLERANCE:
        return None
    return abs(finding.line - site.line)


def score(sites, listing):
    """Returns (rows by rule, matched pairs, unmatched mistakes, unjudged findings, snapshots not run)."""
    snapshots = sorted({site.snapshot for site in sites})
    rules = sorted({site.rule for site in sites})
    not_run = [name for name in snapshots if listing.get(name) is None]
    scored = [site for site in sites if site.snapshot not in not_run]
    findings = [finding for name in snapshots if listing.get(name) for finding in listing[name]
                if finding.rule in rules]
    # Nearest pairs first, so a finding between two sites takes the closer one.
    candidates = sorted(
        ((distance(site, finding), s, f) for s, site in enumerate(scored) for f, finding in enumerate(findings)
         if distance(site, finding) is not None))
    site_taken, finding_taken, matched = set(), set(), []
    for _, s, f in candidates:
        if s in site_taken or f in finding_taken:
            continue
        site_taken.add(s)
        finding_taken.add(f)
        matched.append((scored[s], findings[f]))
    missed = [site for s, site in enumerate(scored) if s not in site_taken and site.verdict == "mistake"]
    unjudged = [finding for f, finding in enumerate(findings) if f not in finding_taken]
    rows = {}
    for rule in rules:
        rule_sites = [site for site in scored if site.rule == rule]
        tp = sum(1 for site, _ in matched if site.rule == rule and site.verdict == "mistake")
        fp = sum(1 for site, _ in matched if site.rule == rule and site.verdict == "fine")
        fn = sum(1 for site in missed if site.rule == rule)
        rows[rule] = dict(sites=len(rule_sites), mistakes=sum(1 for site in rule_sites if site.verdict == "mistake"),
                          tp=tp, fp=fp, fn=fn, unjudged=sum(1 for finding in unjudged if finding.rule == rule))
    return rows, matched, missed, unjudged, not_run


def ratio(part, whole):
    return "%.2f" % (part / whole) if whole else "-"


def place(item):
    if item.file is None:
        return "*"
    return "%s:%s" % (item.file, "*" if item.line is None else item.line)


def report(rows, matched, missed, unjudged, not_run):
    out = []
    for name in not_run:
        out.append("%s: not in the listing or could not run; its sites are not scored" % name)
    out.append("%-40s %5s %8s %4s %4s %4s %8s %9s %6s" % (
        "rule", "sites", "mistakes", "TP", "FP", "FN", "unjudged", "precision", "recall"))
    total = dict(sites=0, mistakes=0, tp=0, fp=0, fn=0, unjudged=0)
    for rule, row in rows.items():
        for key in total:
            total[key] += row[key]
        out.append("%-40s %5d %8d %4d %4d %4d %8d %9s %6s" % (
            rule, row["sites"], row["mistakes"], row["tp"], row["fp"], row["fn"], row["unjudged"],
            ratio(row["tp"], row["tp"] + row["fp"]), ratio(row["tp"], row["tp"] + row["fn"])))
    out.append("%-40s %5d %8d %4d %4d %4d %8d %9s %6s" % (
        "all", total["sites"], total["mistakes"], total["tp"], total["fp"], total["fn"], total["unjudged"],
        ratio(total["tp"], total["tp"] + total["fp"]), ratio(total["tp"], total["tp"] + total["fn"])))
    false_positives = [(site, finding) for site, finding in matched if site.verdict == "fine"]
    for title, items in (("false positives", [(site, place(finding)) for site, finding in false_positives]),
                         ("false negatives", [(site, place(site)) for site in missed])):
        out.append("")
        out.append("%s: %d" % (title, len(items)))
        for site, at in sorted(items, key=lambda item: (item[0].rule, item[0].snapshot, item[1])):
            out.append("  %s %s %s — %s" % (site.rule, site.snapshot, at, site.reason))
    out.append("")
    out.append("unjudged findings (no site in the expected file): %d" % len(unjudged))
    for finding in sorted(unjudged, key=lambda item: (item.rule, item.snapshot, item.file or "", item.line or 0)):
        out.append("  %s %s %s" % (finding.rule, finding.snapshot, place(finding)))
    return "\n".join(out)


def check_sites(sites):
    """The expected file's own consistency: known rule IDs, each site once. Raises InputError."""
    seen = {}
    for site in sites:
        if site.rule not in CODE_RULES:
            raise InputError("%s: '%s' is not a code-practice rule" % (site.where, site.rule))
        key = (site.snapshot, site.rule, site.file, site.line)
        if key in seen:
            raise InputError("%s: the same site as %s" % (site.where, seen[key]))
        seen[key] = site.where


def self_test(expected_path):
    expected = read_expected([
        "# snapshot\trule\tplace\tverdict\treason\n",
        "app\tapp_cursor_ignored\tA.swift:10\tmistake\tfirst page only\n",
        "app\tapp_cursor_ignored\tA.swift:12\tmistake\tanother query, two lines on\n",
        "app\tapp_cursor_ignored\tB.swift:5\tmistake\tmissed\n",
        "app\tapp_cursor_ignored\tC.swift:7\tfine\tcursor resumed in a helper\n",
        "app\tapp_account_status_unchecked\t*\tmistake\tnever asks\n",
        "app\tapp_retry_after_ignored\tD.swift:*\tfine\treads the delay\n",
        "gone\tapp_cursor_ignored\tE.swift:1\tmistake\tnot run\n",
    ], "expected.tsv")
    listing = read_listing([
        "app (owner/app @ 0123456789)\n",
        "  error app_cursor_ignored A.swift:13\n",     # nearest site is :12, so :10 stays for the next
        "  error app_cursor_ignored A.swift:9\n",
        "  error app_cursor_ignored C.swift:10\n",    # 3 lines from the fine site: a false positive
        "  error app_cursor_ignored C.swift:30\n",    # no site near: unjudged
        "  note app_account_status_unchecked Z.swift:1\n",
        "  warning app_retry_after_ignored D.swift:99\n",
        "  warning app_other_rule A.swift:1\n",        # a rule the expected file does not score
        "other (owner/other @ 0123456789)\n",
        "  error app_cursor_ignored A.swift:10\n",    # a snapshot the expected file does not score
        "gone: no local copy of owner/gone under /copies\n",
    ], "listing.txt")
    rows, matched, missed, unjudged, not_run = score(expected, listing)
    checks = [
        (rows["app_cursor_ignored"], dict(sites=4, mistakes=3, tp=2, fp=1, fn=1, unjudged=1)),
        (rows["app_account_status_unchecked"], dict(sites=1, mistakes=1, tp=1, fp=0, fn=0, unjudged=0)),
        (rows["app_retry_after_ignored"], dict(sites=1, mistakes=0, tp=0, fp=1, fn=0, unjudged=0)),
        (sorted((site.line, finding.line) for site, finding in matched if site.file == "A.swift"), [(10, 9), (12, 13)]),
        ([place(site) for site in missed], ["B.swift:5"]),
        ([place(finding) for finding in unjudged], ["C.swift:30"]),
        (not_run, ["gone"]),
    ]
    for number, (got, want) in enumerate(checks, 1):
        if got != want:
            print("self-test %d failed: got %r, expected %r" % (number, got, want), file=sys.stderr)
            return 1
    text = report(rows, matched, missed, unjudged, not_run)
    for needle in ("app_cursor_ignored                           4        3    2    1    1        1      0.67   0.67",
                   "  app_cursor_ignored app B.swift:5 — missed", "gone: not in the listing"):
        if needle not in text:
            print("self-test failed: the report lacks %r:\n%s" % (needle, text), file=sys.stderr)
            return 1
    for bad, message in (("app\tr\tA.swift:x\tmistake\twhy\n", "is not a number"),
                         ("app\tr\tA.swift:1\tbug\twhy\n", "is not 'mistake' or 'fine'"),
                         ("app\tr\tA.swift:1\n", "3 tab-separated fields")):
        try:
            read_expected([bad], "bad.tsv")
        except InputError as error:
            if not str(error).startswith("bad.tsv:1: ") or message not in str(error):
                print("self-test failed: %r gave %r" % (bad, str(error)), file=sys.stderr)
                return 1
        else:
            print("self-test failed: %r was accepted" % bad, file=sys.stderr)
            return 1
    try:
        check_sites(read_expected(["app\tapp_cursor_ignored\tA.swift:1\tfine\twhy\n",
                                   "app\tapp_cursor_ignored\tA.swift:1\tmistake\tagain\n"], "twice.tsv"))
    except InputError as error:
        if str(error) != "twice.tsv:2: the same site as twice.tsv:1":
            print("self-test failed: a repeated site gave %r" % str(error), file=sys.stderr)
            return 1
    else:
        print("self-test failed: a repeated site was accepted", file=sys.stderr)
        return 1
    # The real expected file must parse and name only code-practice rules.
    try:
        with open(expected_path, encoding="utf-8") as file:
            sites = read_expected(file.readlines(), expected_path)
        check_sites(sites)
    except (OSError, InputError) as error:
        print("self-test failed: %s" % error, file=sys.stderr)
        return 1
    print("self-test passed (%d judged sites in %s)" % (len(sites), os.path.basename(expected_path)))
    return 0


def main(arguments):
    default_expected = os.path.join(os.path.dirname(os.path.abspath(__file__)), "eval-doctor-expected.tsv")
    if arguments == ["--self-test"]:
        return self_test(default_expected)
    if len(arguments) not in (1, 2) or arguments[0].startswith("-"):
        print(__doc__.split("usage: ")[1].split("\nexit")[0].strip(), file=sys.stderr)
        return 2
    listing_path = arguments[0]
    expected_path = arguments[1] if len(arguments) == 2 else default_expected
    try:
        with open(expected_path, encoding="utf-8") as file:
            sites = read_expected(file.readlines(), expected_path)
        check_sites(sites)
        with open(listing_path, encoding="utf-8") as file:
            listing = read_listing(file.readlines(), listing_path)
    except OSError as error:
        print("error: %s: %s" % (error.filename, error.strerror), file=sys.stderr)
        return 2
    except InputError as error:
        print("error: %s" % error, file=sys.stderr)
        return 2
    print(report(*score(sites, listing)))
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `… | head` ends quietly
    sys.exit(main(sys.argv[1:]))
