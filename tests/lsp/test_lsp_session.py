"""`torch-lint lsp` driven by a real LSP client library (pygls, from PyPI:
scripts/lsp-client.txt) as an editor drives it, on a copy of the example
extension: initialize -> didOpen -> diagnostics -> codeAction -> the edit
applied -> didChange (the unsaved buffer linted) -> didSave -> a file that
does not parse -> shutdown -> exit.

Usage: test_lsp_session.py <torch-lint> <mock torch include dir> <examples dir>
"""
import asyncio
import os
import shutil
import sys
import tempfile

from lsprotocol import types as t
from pygls.lsp.client import BaseLanguageClient

failures = []


def check(what, ok, detail=""):
    print(("ok: " if ok else "FAIL: ") + what + ("" if ok else f"\n  {detail}"))
    if not ok:
        failures.append(what)


def apply_edits(text, edits):
    """The TextEdits applied (LSP positions: lines, UTF-16 units; ASCII here)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def at(p):
        return offsets[p.line] + p.character

    for e in sorted(edits, key=lambda e: at(e.range.start), reverse=True):
        text = text[:at(e.range.start)] + e.new_text + text[at(e.range.end):]
    return text


async def session(exe, mock, work):
    path = os.path.join(work, "image_ops", "csrc", "bindings.cpp")
    uri = "file://" + path
    client = BaseLanguageClient("torchlint-lsp-test", "1")
    published = asyncio.Queue()

    published_uris = []

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params):
        published_uris.append(params.uri)
        published.put_nowait(params)

    logs = []

    @client.feature(t.WINDOW_LOG_MESSAGE)
    def on_log(params):
        logs.append(params.message)

    async def diagnostics_of(target, nonempty=True, timeout=120):
        """The next diagnostics published for `target` (non-empty ones when
        asked: a change first clears the stale ones)."""
        while True:
            p = await asyncio.wait_for(published.get(), timeout)
            if p.uri == target and (p.diagnostics or not nonempty):
                return p.diagnostics

    cache = os.path.join(work, "cache")
    # (torch-layout-from-shape is level2, off by default: asked for, as an
    # editor's configuration may.)
    await client.start_io(exe, "lsp", f"--torch-include={mock}", f"--cache-dir={cache}",
                          "--checks=-*,torch-compile-opaque-binding,torch-layout-from-shape")
    init = await client.initialize_async(t.InitializeParams(
        capabilities=t.ClientCapabilities(), root_uri="file://" + work))
    caps = init.capabilities
    check("initialize: full sync, open/close, save", caps.text_document_sync.change == t.TextDocumentSyncKind.Full
          and caps.text_document_sync.open_close, str(caps.text_document_sync))
    check("initialize: quick fixes", caps.code_action_provider is not None, str(caps))
    client.initialized(t.InitializedParams())

    text = open(path).read()
    client.text_document_did_open(t.DidOpenTextDocumentParams(
        text_document=t.TextDocumentItem(uri=uri, language_id="cpp", version=1, text=text)))
    diags = await diagnostics_of(uri)
    by_code = {}
    for d in diags:
        by_code.setdefault(d.code, []).append(d)
    check("didOpen: the example's findings", sorted(by_code) ==
          ["torch-compile-opaque-binding", "torch-layout-from-shape"], str(diags))
    layout = by_code["torch-layout-from-shape"][0]
    check("range at the finding (line 9, 'img')", layout.range.start.line == 8 and
          layout.range.start.character == 6 and layout.range.end.character == 9, str(layout.range))
    check("the level as severity (level1: Information)",
          all(d.severity == t.DiagnosticSeverity.Information for d in by_code["torch-compile-opaque-binding"]),
          str([d.severity for d in diags]))
    check("the check's docs page", layout.code_description.href.endswith("/docs/checks/torch-layout-from-shape.md"),
          str(layout.code_description))
    check("source torch-lint", all(d.source == "torch-lint" for d in diags))
    opaque = by_code["torch-compile-opaque-binding"][0]
    check("notes as related information", bool(opaque.related_information) and
          "Python" in opaque.related_information[0].message, str(opaque.related_information))

    # Quick fixes: the migration fix-it, and NOLINT.
    actions = await client.text_document_code_action_async(t.CodeActionParams(
        text_document=t.TextDocumentIdentifier(uri=uri), range=opaque.range,
        context=t.CodeActionContext(diagnostics=[opaque])))
    titles = [a.title for a in actions]
    check("codeAction: the fix-it and NOLINT", any("fix" in s for s in titles) and
          any("NOLINT(torch-compile-opaque-binding)" in s for s in titles), str(titles))
    fix = next(a for a in actions if a.is_preferred)
    fixed = apply_edits(text, fix.edit.changes[uri])
    check("the fix-it's edit registers the ops", "TORCH_LIBRARY_FRAGMENT" in fixed and
          fixed.startswith(text[:text.index("PYBIND11_MODULE")]), fixed[-600:])

    actions = await client.text_document_code_action_async(t.CodeActionParams(
        text_document=t.TextDocumentIdentifier(uri=uri), range=layout.range,
        context=t.CodeActionContext(diagnostics=[layout])))
    nolint = next(a for a in actions if "NOLINT" in a.title)
    edited = apply_edits(text, nolint.edit.changes[uri])
    check("NOLINT at the end of the finding's line",
          "if (img.size(1) == 3) // torch-layout-from-shape (level2: --checks=torch-* reports it) "
          "// NOLINT(torch-layout-from-shape)" in edited, edited[:400])

    # The edit applied in the editor, unsaved: the buffer is linted.
    client.text_document_did_change(t.DidChangeTextDocumentParams(
        text_document=t.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[t.TextDocumentContentChangeEvent_Type2(text=edited)]))
    cleared = await diagnostics_of(uri, nonempty=False)
    check("didChange: stale diagnostics cleared at once", cleared == [], str(cleared))
    diags = await diagnostics_of(uri)
    check("the unsaved buffer linted: NOLINT holds", sorted({d.code for d in diags}) ==
          ["torch-compile-opaque-binding"], str(diags))
    check("the file on disk untouched", open(path).read() == text)

    # Saved: linted from the disk (the result cache), the same.
    with open(path, "w") as f:
        f.write(edited)
    client.text_document_did_save(t.DidSaveTextDocumentParams(
        text_document=t.TextDocumentIdentifier(uri=uri)))
    diags = await diagnostics_of(uri)
    check("didSave: the same findings", sorted({d.code for d in diags}) ==
          ["torch-compile-opaque-binding"], str(diags))

    # A file that does not parse: the server goes on.
    broken = os.path.join(work, "image_ops", "csrc", "broken.cpp")
    with open(broken, "w") as f:
        f.write("#include <torch/extension.h>\nat::Tensor f(const at::Tensor &x) { return x.clone( }\n")
    client.text_document_did_open(t.DidOpenTextDocumentParams(
        text_document=t.TextDocumentItem(uri="file://" + broken, language_id="cpp", version=1,
                                          text=open(broken).read())))
    diags = await diagnostics_of("file://" + broken, nonempty=False)
    check("a file that does not parse: no diagnostics, said in the log", diags == [] and
          any("broken.cpp" in m for m in logs), str(logs))
    actions = await client.text_document_code_action_async(t.CodeActionParams(
        text_document=t.TextDocumentIdentifier(uri=uri), range=opaque.range,
        context=t.CodeActionContext(diagnostics=[])))
    check("and answers the next request", len(actions) >= 1)

    try:
        await client.text_document_hover_async(t.HoverParams(
            text_document=t.TextDocumentIdentifier(uri=uri), position=t.Position(line=0, character=0)))
        check("an unknown request is an error", False)
    except Exception as e:  # JsonRpcMethodNotFound
        check("an unknown request is an error (method not found)", "hover" in str(e) or "-32601" in str(e), str(e))

    # A document that is no C++ (a client may send every one): nothing.
    py = os.path.join(work, "image_ops", "setup.py")
    client.text_document_did_open(t.DidOpenTextDocumentParams(
        text_document=t.TextDocumentItem(uri="file://" + py, language_id="python", version=1,
                                          text=open(py).read())))
    client.text_document_did_close(t.DidCloseTextDocumentParams(
        text_document=t.TextDocumentIdentifier(uri=uri)))
    cleared = await diagnostics_of(uri, nonempty=False)
    check("didClose: its diagnostics cleared", cleared == [], str(cleared))
    check("a Python file: not linted, nothing said", "file://" + py not in published_uris and
          not any("setup.py" in m for m in logs), str(logs))
    await client.shutdown_async(None)
    client.exit(None)
    for _ in range(100):
        if client._server.returncode is not None:
            break
        await asyncio.sleep(0.1)
    check("exit after shutdown: status 0", client._server.returncode == 0, str(client._server.returncode))
    await client.stop()


def main():
    exe, mock, examples = sys.argv[1:4]
    work = tempfile.mkdtemp(prefix="torchlint-lsp-")
    try:
        shutil.copytree(os.path.join(examples, "image_ops"), os.path.join(work, "image_ops"))
        asyncio.run(asyncio.wait_for(session(exe, mock, work), 600))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{len(failures)} failed" if failures else "PASS: the LSP session")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
