//===--- LspServer.h - torch-lint lsp: findings in the editor ---*- C++ -*-===//
//
// A Language Server Protocol server over stdio, run beside clangd (which
// cannot load clang-tidy plugins): `torch-lint lsp [lint options]`. Each lint
// is a run of torch-lint itself on the one file (the same engine, cache,
// project index, .clang-tidy and .torch-lint.yaml as the command line), off
// the message loop; an unsaved buffer is linted from its text
// (--buffer-file). docs/guide/editors.md.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHLINT_DRIVER_CLI_LSPSERVER_H
#define TORCHLINT_DRIVER_CLI_LSPSERVER_H

namespace torchlint {

/// `torch-lint lsp [options]`: serves on stdin/stdout until `exit`; 0 after
/// `shutdown`, 1 otherwise (the protocol's rule).
int runLspServer(int Argc, const char **Argv);

} // namespace torchlint

#endif
