"""A local stand-in for the GitHub Actions runner, for action.yml's steps.

It runs the composite action's steps the way the runner does, as far as that
can be done here: each `run` step with `bash -e {0}` (GitHub's `shell: bash`
adds `--noprofile --norc -eo pipefail`), its `env` and `${{ }}` expressions
evaluated against the inputs, the github context a workflow event gives and
the outputs of the steps before it (GITHUB_OUTPUT), its `if` evaluated with
the status functions, `continue-on-error` honoured. The `uses` steps are
stood in for: actions/cache/restore and /save copy to and from a local
store (exact key, then the newest entry whose key starts with a restore
key; a key that exists is not saved again, as on GitHub), and
github/codeql-action/upload-sarif checks the file it would upload. Any other
`uses` is an error, so a new one needs a stand-in here. `wrap` prefixes
each `run` step's command (e.g. an unshare(1) that hides /usr/lib/llvm-19).

Expressions: literals ('..', numbers, true/false/null), context paths
(inputs.x, steps.id.outputs.y, steps.id.outcome, github.event.a.b, runner.x),
! == != && || and parentheses, always() success() failure() cancelled().
Comparison of strings is case-insensitive, as GitHub's; a missing property
is null, and null equals ''. That is the subset action.yml uses.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import time

import yaml


class Store:
    """actions/cache's server: key -> saved directory, newest last."""

    def __init__(self, root):
        self.root = root
        self.entries = []  # (key, dir)

    def save(self, key, path):
        if any(k == key for k, _ in self.entries):
            return False
        dest = tempfile.mkdtemp(dir=self.root)
        os.rmdir(dest)
        shutil.copytree(path, dest, symlinks=True)
        self.entries.append((key, dest))
        return True

    def restore(self, key, restore_keys, path):
        for k, d in self.entries:
            if k == key:
                return self._copy(d, path), k
        for prefix in restore_keys:
            for k, d in reversed(self.entries):
                if k.startswith(prefix):
                    return self._copy(d, path), k
        return None, ""

    @staticmethod
    def _copy(src, path):
        if os.path.exists(path):
            shutil.rmtree(path)
        shutil.copytree(src, path, symlinks=True)
        return path


TOKEN = re.compile(r"\s*(?:(?P<str>'(?:[^']|'')*')|(?P<num>-?\d+(?:\.\d+)?)|"
                   r"(?P<op>==|!=|&&|\|\||!|\(|\)|,)|(?P<id>[A-Za-z_][A-Za-z0-9_.\-\[\]]*))")


class Expr:
    def __init__(self, text, ctx, funcs):
        self.toks, pos = [], 0
        text = text.strip()
        while pos < len(text):
            m = TOKEN.match(text, pos)
            if not m or m.end() == pos:
                raise ValueError(f"cannot parse expression at {text[pos:]!r}")
            pos = m.end()
            kind = m.lastgroup
            self.toks.append((kind, m.group(kind)))
        self.i, self.ctx, self.funcs = 0, ctx, funcs

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else (None, None)

    def take(self, value=None):
        tok = self.peek()
        if value is not None and tok[1] != value:
            raise ValueError(f"expected {value!r}, got {tok[1]!r}")
        self.i += 1
        return tok

    def parse(self):
        v = self.or_()
        if self.i != len(self.toks):
            raise ValueError(f"trailing tokens {self.toks[self.i:]}")
        return v

    def or_(self):
        v = self.and_()
        while self.peek()[1] == "||":
            self.take()
            r = self.and_()
            v = v if truthy(v) else r
        return v

    def and_(self):
        v = self.cmp()
        while self.peek()[1] == "&&":
            self.take()
            r = self.cmp()
            v = r if truthy(v) else v
        return v

    def cmp(self):
        v = self.unary()
        while self.peek()[1] in ("==", "!="):
            op = self.take()[1]
            r = self.unary()
            v = equal(v, r) if op == "==" else not equal(v, r)
        return v

    def unary(self):
        if self.peek()[1] == "!":
            self.take()
            return not truthy(self.unary())
        return self.atom()

    def atom(self):
        kind, val = self.take()
        if kind == "str":
            return val[1:-1].replace("''", "'")
        if kind == "num":
            return float(val)
        if val == "(":
            v = self.or_()
            self.take(")")
            return v
        if kind == "id":
            if val in ("true", "false"):
                return val == "true"
            if val == "null":
                return None
            if self.peek()[1] == "(":
                self.take("(")
                self.take(")")
                return self.funcs[val]()
            return lookup(self.ctx, val)
        raise ValueError(f"unexpected {val!r}")


def lookup(ctx, path):
    v = ctx
    for part in path.split("."):
        if isinstance(v, dict) and part in v:
            v = v[part]
        else:
            return None
    return v


def truthy(v):
    return v not in (None, False, "", 0, 0.0)


def equal(a, b):
    a = "" if a is None else a
    b = "" if b is None else b
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() == b.lower()
    return a == b


def text(v):
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return v if isinstance(v, str) else json.dumps(v)


def interpolate(s, ctx, funcs):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: text(Expr(m.group(1), ctx, funcs).parse()), str(s))


def read_outputs(path):
    out, lines, i = {}, open(path).read().split("\n"), 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^([^=<]+)<<(.+)$", line)
        if m:
            name, delim, value = m.group(1), m.group(2), []
            i += 1
            while lines[i] != delim:
                value.append(lines[i])
                i += 1
            out[name] = "\n".join(value)
        elif "=" in line:
            k, v = line.split("=", 1)
            out[k] = v
        i += 1
    return out


class Run:
    """One run of the action: run(action_dir, inputs, event_name, event, ...)."""

    def __init__(self, action_dir, workspace, store, inputs=None, event_name="push",
                 event=None, repository="org/repo", actor="someone", env=None,
                 fail_steps=(), wrap=(), temp=None):
        self.action_dir, self.workspace, self.store = action_dir, workspace, store
        self.fail_steps, self.wrap = set(fail_steps), list(wrap)
        spec = yaml.safe_load(open(os.path.join(action_dir, "action.yml")))
        self.spec = spec
        assert spec["runs"]["using"] == "composite"
        unknown = set(inputs or {}) - set(spec["inputs"])
        assert not unknown, f"not inputs of the action: {unknown}"
        self.inputs = {k: text(v.get("default", "")) for k, v in spec["inputs"].items()}
        self.inputs.update({k: text(v) for k, v in (inputs or {}).items()})
        # RUNNER_TEMP: one path for every job of a runner, emptied when a
        # job starts (GitHub's /home/runner/work/_temp).
        self.temp = temp or tempfile.mkdtemp(prefix="runner-temp-")
        shutil.rmtree(self.temp, ignore_errors=True)
        os.makedirs(self.temp)
        self.github = {"event_name": event_name, "event": event or {}, "repository": repository,
                       "actor": actor, "run_id": str(int(time.time() * 1000)),
                       "workspace": workspace, "action_path": action_dir}
        self.runner = {"temp": self.temp, "os": "Linux"}
        self.steps, self.log, self.uploads = {}, [], []
        self.env = dict(os.environ if env is None else env)
        self.failed = False

    def ctx(self):
        return {"inputs": self.inputs, "github": self.github, "runner": self.runner,
                "steps": self.steps, "env": {}}

    def funcs(self):
        return {"always": lambda: True, "cancelled": lambda: False,
                "success": lambda: not self.failed, "failure": lambda: self.failed}

    def run(self):
        for n, step in enumerate(self.spec["runs"]["steps"]):
            sid = step.get("id", f"__step{n}")
            name = step.get("name", sid)
            cond = str(step.get("if", "success()"))
            if "${{" in cond:
                cond = cond.replace("${{", "").replace("}}", "")
            if not re.search(r"\b(always|success|failure|cancelled)\(\)", cond):
                cond = f"success() && ({cond})"
            if not truthy(Expr(cond, self.ctx(), self.funcs()).parse()):
                self.steps[sid] = {"outputs": {}, "outcome": "skipped", "conclusion": "skipped"}
                self.log.append((sid, name, "skipped", ""))
                continue
            ok, outputs, output = self.step(step)
            if sid in self.fail_steps:
                ok, output = False, output + "\n[fault injected: the step fails]"
            outcome = "success" if ok else "failure"
            conclusion = "success" if ok or step.get("continue-on-error") else "failure"
            self.steps[sid] = {"outputs": outputs, "outcome": outcome, "conclusion": conclusion}
            self.log.append((sid, name, outcome, output))
            if conclusion == "failure":
                self.failed = True
        return self

    def step(self, step):
        ctx, funcs = self.ctx(), self.funcs()
        if "uses" in step:
            with_ = {k: interpolate(v, ctx, funcs) for k, v in (step.get("with") or {}).items()}
            return self.uses(step["uses"], with_)
        assert step.get("shell") == "bash", "composite run steps need shell: bash"
        env = dict(self.env)
        env.update({k: interpolate(v, ctx, funcs) for k, v in (step.get("env") or {}).items()})
        out_file = os.path.join(self.temp, f"output-{len(self.log)}")
        open(out_file, "w").close()
        script = os.path.join(self.temp, f"step-{len(self.log)}.sh")
        with open(script, "w") as f:
            f.write(interpolate(step["run"], ctx, funcs))
        env.update({"GITHUB_OUTPUT": out_file, "GITHUB_ACTION_PATH": self.action_dir,
                    "GITHUB_WORKSPACE": self.workspace, "GITHUB_EVENT_NAME": self.github["event_name"],
                    "GITHUB_REPOSITORY": self.github["repository"], "RUNNER_TEMP": self.temp,
                    "RUNNER_OS": "Linux", "GITHUB_ACTIONS": "true", "CI": "true"})
        p = subprocess.run(self.wrap + ["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                           cwd=self.workspace, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, errors="replace")
        return p.returncode == 0, read_outputs(out_file), p.stdout

    def uses(self, action, with_):
        name = action.split("@")[0]
        if name == "actions/cache/restore":
            keys = [k.strip() for k in with_.get("restore-keys", "").split("\n") if k.strip()]
            got, matched = self.store.restore(with_["key"], keys, with_["path"])
            return True, {"cache-hit": text(matched == with_["key"]) if got else "",
                          "cache-primary-key": with_["key"], "cache-matched-key": matched}, \
                f"restored {matched}" if got else "cache not found"
        if name == "actions/cache/save":
            assert with_["key"], "save without a key"
            if not os.path.isdir(with_["path"]):
                return False, {}, f"path {with_['path']} does not exist"
            saved = self.store.save(with_["key"], with_["path"])
            return True, {}, f"saved {with_['key']}" if saved else "cache exists, not saved"
        if name == "github/codeql-action/upload-sarif":
            path = os.path.join(self.workspace, with_["sarif_file"])
            doc = json.load(open(path))
            assert doc["version"] == "2.1.0" and doc["runs"], "not a SARIF 2.1.0 file"
            self.uploads.append((with_["sarif_file"], with_.get("category", "")))
            return True, {"sarif-id": "local"}, f"would upload {path}"
        raise AssertionError(f"no stand-in for {action}: add one to tests/action/runner.py")

    def outcome(self, step):
        """The outcome of the step with that id or name: success, failure, skipped."""
        return next((o for sid, name, o, _ in self.log if step in (sid, name)), None)

    def output(self, step):
        """What the step printed (a stand-in: what it did)."""
        return next((out for sid, name, _, out in self.log if step in (sid, name)), "")

    def dump(self):
        return "\n".join(f"--- {name}: {o}\n{out}" for _, name, o, out in self.log)
