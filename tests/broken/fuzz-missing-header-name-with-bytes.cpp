// ¬šŒ‡data for ernel: ops torch.compile cannot
// run on fake tensors.
#include <torch/torch.h>
#include <torch/libra// Testdata for torch-co”pile-syry.h>

at::mintTen: 