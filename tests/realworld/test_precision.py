#!/usr/bin/env python3
"""Tests precision.py's matching and table on a fixture (no checkouts, no
linter): fixtures/lint.json is what --save-json writes, fixtures/verdicts.tsv
covers a TP, an FP, a debatable verdict, two findings on one line with one
verdict, a verdict that no longer fires, a false positive that no longer
fires, one of another commit and one of a repository that was not linted."""
import contextlib
import io
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "fixtures")
sys.path.insert(0, HERE)
import precision  # noqa: E402


def run(*extra):
    return run_with(os.path.join(FIX, "verdicts.tsv"), *extra)


def run_with(verdicts, *extra, labels=os.path.join(FIX, "labels.tsv"),
             rounds=os.path.join(FIX, "first_looks.tsv")):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        rc = precision.main(["--from-json", os.path.join(FIX, "lint.json"),
                             "--verdicts", verdicts, "--labels", labels,
                             "--rounds", rounds, *extra])
    return rc, out.getvalue()


def read(path):
    with open(path) as f:
        return f.read()


def row(text, first_cell):
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells and cells[0] == first_cell:
            return cells
    raise AssertionError(f"no row '{first_cell}' in:\n{text}")


class PrecisionTest(unittest.TestCase):
    def test_table(self):
        rc, out = run()
        self.assertEqual(rc, 0)
        # check | level | reviewed | TP | FP | debatable | precision | unreviewed | status
        self.assertEqual(row(out, "torch-a"),
                         ["torch-a", "level0", "3", "2", "1", "0", "66.7%", "2", "**below 95%**"])
        self.assertEqual(row(out, "torch-b"),
                         ["torch-b", "level1", "1", "0", "0", "1", "0.0%", "1", "**below 95%**"])
        self.assertEqual(row(out, "torch-quiet")[2:], ["0", "0", "0", "0", "—", "0", "no findings"])
        # Off by default and silent: not in the precision table.
        self.assertNotIn("torch-advisory", out.split("## First-look")[0])
        total = row(out, "**level0 + level1**")
        self.assertEqual(total[2:8], ["4", "2", "1", "1", "50.0%", "3"])
        self.assertIn("fewer than", total[8])
        self.assertEqual(row(out, "o/one")[3:], ["1", "6", "4", "2"])
        self.assertEqual(row(out, "o/two")[3:], ["1", "1", "0", "1"])

    def test_changes(self):
        _, out = run()
        self.assertIn("## Verdicts that no longer fire (1)", out)
        self.assertIn("- o/one src/b.cpp:99 torch-b [TP] no longer fires", out)
        # A wrong finding gone is apart, counted, not a change to review.
        self.assertNotIn("src/b.cpp:98", out)
        self.assertIn("## False positives that no longer fire (1)\n\n- o/one: 1 (torch-b 1)", out)
        self.assertIn("## Verdicts of another commit than the one linted (1)", out)
        self.assertIn("(verdicts of repositories not linted this run: 7)", out)
        self.assertIn("## Findings with no verdict (3)", out)
        unreviewed = out.split("## Findings with no verdict (3)")[1]
        self.assertIn("src/a.cpp\t30\ttorch-a\ta at 30, second", unreviewed)
        self.assertIn("src/b.cpp\t6\ttorch-b", unreviewed)
        self.assertIn("x.cu\t7\ttorch-a", unreviewed)

    def test_first_look(self):
        # Over the rows recorded at a first look only (o/new and o/newer, not
        # linted this run), strict rule, against the bar of each check's level.
        _, out = run()
        first = out.split("## First-look precision per check")[1].split("## ")[0]
        self.assertIn("First looks: 2 repositories (o/new, o/newer).", first)
        self.assertEqual(row(first, "torch-a"), ["torch-a", "level0", "4", "3", "1", "0",
                                                 "75.0%", "**below 95%**"])
        self.assertEqual(row(first, "torch-b"),
                         ["torch-b", "level1", "2", "1", "0", "1", "50.0%", "**below 85%**"])
        self.assertEqual(row(first, "**level0 + level1**")[2:7], ["6", "4", "1", "1", "66.7%"])
        # round | torch-lint | repositories | findings | TP | FP | debatable | precision |
        # level0 | level1
        self.assertEqual(row(first, "1"), ["1", "`aaaaaaa`", "o/new", "4", "3", "1", "0",
                                           "75.0%", "2/3 = 66.7%", "1/1 = 100.0%"])
        self.assertEqual(row(first, "2"), ["2", "`bbbbbbb`", "o/newer", "2", "1", "0", "1",
                                           "50.0%", "1/1 = 100.0%", "0/1 = 0.0%"])
        # Every round together: 6 findings, fewer than the latest set's size.
        self.assertIn("Latest rounds (1, 2: the newest, until at least 150 findings)", first)
        # The tuned table is unchanged by them.
        self.assertEqual(row(out, "torch-a")[2:7], ["3", "2", "1", "0", "66.7%"])

    def test_latest_rounds(self):
        # The newest rounds until they hold LATEST_SET findings: round 2 alone
        # holds 2.
        old = precision.LATEST_SET
        precision.LATEST_SET = 2
        try:
            _, out = run()
        finally:
            precision.LATEST_SET = old
        first = out.split("## First-look precision per check")[1].split("## ")[0]
        latest = first.split("Latest rounds (2: the newest, until at least 2 findings): "
                             "1 repository (o/newer).")[1]
        self.assertEqual(row(latest, "torch-a")[2:7], ["1", "1", "0", "0", "100.0%"])
        self.assertEqual(row(latest, "**level0 + level1**")[2:7], ["2", "1", "0", "1", "50.0%"])

    def test_level_by_first_look(self):
        # Each check on its own newest rounds, until CHECK_SET of its
        # findings: torch-a (level0) 3 of 4 over rounds 1 and 2 supports
        # level2; on round 2 alone (CHECK_SET 1) 1 of 1 keeps level0.
        # torch-b's newest, round 2, is debatable: level2.
        _, out = run()
        level = out.split("Level by first look")[1].split("## ")[0]
        # check | level | rounds | reviewed | TP | precision | supports | status
        self.assertEqual(row(level, "torch-a"), ["torch-a", "level0", "1, 2", "4", "3", "75.0%",
                                                 "level2", "**above its figure: level2**"])
        self.assertEqual(row(level, "torch-b")[2:], ["1, 2", "2", "1", "50.0%", "level2",
                                                     "**above its figure: level2**"])
        old = precision.CHECK_SET
        precision.CHECK_SET = 1
        try:
            _, out = run()
        finally:
            precision.CHECK_SET = old
        level = out.split("Level by first look")[1].split("## ")[0]
        self.assertEqual(row(level, "torch-a")[2:], ["2", "1", "1", "100.0%", "level0",
                                                     "keeps level0"])
        self.assertEqual(row(level, "torch-b")[2:], ["2", "1", "0", "0.0%", "level2",
                                                     "**above its figure: level2**"])

    def test_repository_in_no_round(self):
        with tempfile.TemporaryDirectory() as tmp:
            rounds = os.path.join(tmp, "rounds.tsv")
            with open(rounds, "w") as f:
                f.write("o/new\t1\t" + "a" * 40 + "\n")
            _, out = run_with(os.path.join(FIX, "verdicts.tsv"), rounds=rounds)
            self.assertEqual(row(out, "not in first_looks.tsv")[1:4], ["?", "o/newer", "2"])

    def test_recall_at_first_sight(self):
        # The blind labels of first-look repositories, found when the first
        # look reported the label's check on its line (any verdict).
        _, out = run()
        first = out.split("Recall at first sight")[1].split("## ")[0]
        self.assertEqual(row(first, "torch-a")[2:5], ["1", "0", "0%"])
        self.assertEqual(row(first, "torch-b")[2:5], ["1", "1", "100%"])
        self.assertEqual(row(first, "**level0 + level1**")[2:5], ["2", "1", "50%"])

    def test_a_first_look_that_reported_nothing(self):
        # facebookresearch/sam2, round 31: no finding, so no verdict; the
        # repository is in its round and its blind labels are missed.
        with tempfile.TemporaryDirectory() as tmp:
            rounds = os.path.join(tmp, "rounds.tsv")
            shutil.copy(os.path.join(FIX, "first_looks.tsv"), rounds)
            with open(rounds, "a") as f:
                f.write("o/silent\t2\t" + "b" * 40 + "\n")
            labels = os.path.join(tmp, "labels.tsv")
            shutil.copy(os.path.join(FIX, "labels.tsv"), labels)
            with open(labels, "a") as f:
                f.write("o/silent\t" + "5" * 40 + "\tz.cu\t3\ttorch-a\tfirst look: missed\n")
            _, out = run_with(os.path.join(FIX, "verdicts.tsv"), labels=labels, rounds=rounds)
        first = out.split("## First-look precision per check")[1].split("## ")[0]
        self.assertEqual(row(first, "2")[2:4], ["o/newer, o/silent", "2"])
        recall = first.split("Recall at first sight")[1]
        self.assertIn("the blind labels of 2 first-look repositories", recall)
        self.assertEqual(row(recall, "torch-a")[2:5], ["2", "0", "0%"])

    def test_recall(self):
        # Labels of repositories linted at their commit only; found when a
        # finding of the label's check is on its line.
        _, out = run()
        recall = out.split("## Recall per check (labels.tsv)")[1].split("## ")[0]
        self.assertIn("Labelled: 2 repositories (o/one, o/two).", recall)
        # check | level | labels | found | recall
        self.assertEqual(row(recall, "torch-a"), ["torch-a", "level0", "4", "2", "50%"])
        self.assertEqual(row(recall, "torch-advisory"),
                         ["torch-advisory", "level2", "1", "0", "0% (not in the default run)"])
        self.assertEqual(row(recall, "**level0 + level1**")[2:], ["4", "2", "50%"])
        self.assertIn("- missed: o/one src/a.cpp:11 torch-a", recall)
        self.assertIn("- missed: o/one src/b.cpp:5 torch-a", recall)
        self.assertNotIn("not measured", recall)

    def test_later_rows_stand_for_a_first_looks_line(self):
        # o/one src/a.cpp:10 torch-a: a first-look FP, then a tuned TP (the
        # message changed): the tuned row is matched, the first look's is
        # neither matched nor gone, and the first-look table keeps it.
        rows = ["o/one\t" + "1" * 40 + "\tsrc/a.cpp\t10\ttorch-a\tFP\tfirst\t2026-12-04",
                "o/one\t" + "1" * 40 + "\tsrc/a.cpp\t10\ttorch-a\tTP\tlater\t"]
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "verdicts.tsv")
            with open(path, "w") as f:
                f.write("\n".join(rows) + "\n")
            _, out = run_with(path)
        self.assertEqual(row(out, "torch-a")[2:5], ["1", "1", "0"])
        self.assertNotIn("first", out.split("## Verdicts that no longer fire")[1].split("##")[0])
        first = out.split("## First-look precision per check")[1].split("## ")[0]
        self.assertEqual(row(first, "torch-a")[2:5], ["1", "0", "1"])

    def test_fail_on_change(self):
        rc, _ = run("--fail-on-change")
        self.assertEqual(rc, 1)

    def test_fixed_false_positives_do_not_fail(self):
        # Every finding reviewed, nothing of another commit: only an FP
        # verdict that no longer fires, which passes; a TP gone fails.
        rows = ["o/one\t" + "1" * 40 + "\tsrc/a.cpp\t10\ttorch-a\tTP\tx",
                "o/one\t" + "1" * 40 + "\tsrc/a.cpp\t20\ttorch-a\tFP\tx",
                "o/one\t" + "1" * 40 + "\tsrc/a.cpp\t30\ttorch-a\tTP\tx",
                "o/one\t" + "1" * 40 + "\tsrc/a.cpp\t30\ttorch-a\tTP\tx",
                "o/one\t" + "1" * 40 + "\tsrc/b.cpp\t5\ttorch-b\tTP\tx",
                "o/one\t" + "1" * 40 + "\tsrc/b.cpp\t6\ttorch-b\tTP\tx",
                "o/two\t" + "2" * 40 + "\tx.cu\t7\ttorch-a\tTP\tx",
                "o/one\t" + "1" * 40 + "\tsrc/b.cpp\t98\ttorch-b\tFP\tfixed"]
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "verdicts.tsv")
            with open(path, "w") as f:
                f.write("\n".join(rows) + "\n")
            rc, out = run_with(path, "--fail-on-change")
            self.assertEqual(rc, 0, out)
            self.assertIn("## Verdicts that no longer fire (0)", out)
            with open(path, "a") as f:
                f.write("o/one\t" + "1" * 40 + "\tsrc/b.cpp\t97\ttorch-b\tTP\tgone\n")
            rc, out = run_with(path, "--fail-on-change")
            self.assertEqual(rc, 1, out)

    def test_write_doc(self):
        with tempfile.TemporaryDirectory() as tmp:
            doc = os.path.join(tmp, "doc.md")
            shutil.copy(os.path.join(FIX, "doc.md"), doc)
            run("--write-doc", doc)
            first = read(doc)
            self.assertNotIn("stale table", first)
            self.assertTrue(first.startswith("# fixture document\n\nbefore\n"))
            self.assertTrue(first.endswith("<!-- precision:end -->\nafter\n"))
            self.assertIn("| torch-a | level0 | 3 | 2 | 1 | 0 | 66.7% | 2 |", first)
            self.assertIn("torch-lint 0.0.0 (fixture)", first)
            self.assertIn("### First look\n\n| round | torch-lint |", first)
            self.assertIn("First looks: 2 repositories (o/new, o/newer).", first)
            self.assertIn("### Recall\n\nLabelled: 2 repositories", first)
            run("--write-doc", doc)  # idempotent
            self.assertEqual(read(doc), first)

    def test_first_look_only(self):
        """--first-look-only rewrites the first-look part alone, from the
        verdicts and the levels of --bin's catalog, as a full run writes it."""
        with tempfile.TemporaryDirectory() as tmp:
            doc = os.path.join(tmp, "doc.md")
            shutil.copy(os.path.join(FIX, "doc.md"), doc)
            run("--write-doc", doc)
            full = read(doc)
            levels = [{"name": n, "level": c["level"]}
                      for n, c in precision.json.load(open(os.path.join(FIX, "lint.json")))
                      ["checks"].items()]
            fake = os.path.join(tmp, "torch-lint")
            with open(fake, "w") as f:
                f.write("#!/bin/sh\necho '" + precision.json.dumps(levels) + "'\n")
            os.chmod(fake, 0o755)
            # A stale first-look part, the rest as the full run left it.
            start = full.index("### First look\n")
            end = full.index("\n### Recall")
            with open(doc, "w") as f:
                f.write(full[:start] + "### First look\n\nstale\n" + full[end:])
            rc, _ = run("--first-look-only", "--bin", fake, "--write-doc", doc)
            self.assertEqual(rc, 0)
            self.assertEqual(read(doc), full)

    def test_bad_verdict(self):
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, "v.tsv")
            with open(bad, "w") as f:
                f.write("o/one\t1111111111111111111111111111111111111111\tsrc/a.cpp\t10\ttorch-a\tmaybe\tx\n")
            with self.assertRaises(SystemExit) as e:
                precision.read_verdicts(bad)
            self.assertIn("verdict 'maybe'", str(e.exception))
            with open(bad, "w") as f:
                f.write("o/one\t" + "1" * 40 + "\tsrc/a.cpp\t10\ttorch-a\tTP\tx\tyesterday\n")
            with self.assertRaises(SystemExit) as e:
                precision.read_verdicts(bad)
            self.assertIn("first_look 'yesterday' is not a date", str(e.exception))


if __name__ == "__main__":
    unittest.main()
