#!/usr/bin/env python3
"""Benchmark results -> docs/benchmarks.md and kernels/results/speedups.svg.

Standard library only. Two subcommands:

  report.py record --raw RAW.json --out kernels/results/DATE.json [--meta KEY=VALUE]...
      wraps Google Benchmark's JSON output (RAW.json) with the run's metadata
      (machine, torch version, commit, date) into one results file.

  report.py render [RESULTS.json] [--md docs/benchmarks.md] [--svg kernels/results/speedups.svg]
      turns a results file (default: the newest kernels/results/*.json) into
      the Markdown page and the SVG bar chart. Times are medians over the
      benchmark's repetitions; the spread is reported as the coefficient of
      variation and as the min..max range of the repetitions.

Benchmark names are <pair>/<variant>/<case>/threads:<n>[/...], variant one of
hazard, fixed, route:<name> (every route of the pair's contract, the fix among
them), opencv and memcpy/memcpy_in (anchors; see kernels/bench/bench.cpp).
"""

import argparse
import glob
import html
import json
import math
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# The check each pair backs, and what it shows. Order = order in the tables.
PAIRS = [
    ("element_loop", "torch-perf-element-loop",
     "box IoU read with `boxes[i][k].item<T>()` and written with `out[i][j] = v` vs "
     "raw rows, boxes2 as columns, eight pairs per AVX2 instruction"),
    ("uint8_roundtrip", "torch-perf-uint8-roundtrip",
     "gamma on uint8 through float and back vs a 256-entry lookup table, applied eight bytes "
     "per iteration"),
    ("temporary", "torch-perf-temporary",
     "`out.copy_((x - mean) / std)` vs one TensorIterator pass straight into `out`"),
    ("alloc_in_loop", "torch-perf-alloc-in-loop",
     "per-sample contrast with the grayscale scratch buffer allocated per sample vs hoisted"),
    ("redundant_copy", "torch-perf-redundant-copy, torch-perf-memory-format",
     "permute/contiguous to NHWC + clone of a temporary + zeros then copy_ vs one broadcast "
     "multiply on the strided tensor"),
    ("data_dependent", "torch-compile-data-dependent",
     "`TORCH_CHECK(... .item<bool>())` and clamp-if-any-out-of-range vs "
     "`at::_assert_async(x.min() >= 0)` and an unconditional clamp"),
    ("layout_from_shape", "torch-layout-from-shape",
     "RGB to gray guessing NCHW from `size(1) == 3` vs an explicit layout argument "
     "(a correctness pair)"),
    ("parallel_grain", "torch-perf-parallel-grain",
     "brightness/contrast under `at::parallel_for` with grain 1 vs `at::internal::GRAIN_SIZE` "
     "(uint8 eight floats per AVX2 instruction)"),
    ("omp_in_loop", "torch-perf-parallel-grain",
     "a per-feature affine layer with an OpenMP region per row vs one region over the rows "
     "(each row eight features per AVX2 instruction)"),
]
PAIR_ORDER = {name: i for i, (name, _, _) in enumerate(PAIRS)}
PAIR_CHECK = {name: check for name, check, _ in PAIRS}

# Why a pair's numbers look the way they do; printed under the table.
PAIR_NOTES = {
    "element_loop": (
        "The hazard makes about five dispatcher round trips (two `select`s and an `item` or "
        "`fill_`) per box pair, so it is timed at 100 x 100 boxes; at the realistic 1000 x 1000 "
        "it would take seconds per call, and only the fixed version and its routes are timed "
        "there. The fix reads boxes2 once into four coordinate columns and its areas (the "
        "same expressions as the hazard's), then computes each row eight pairs per AVX2 "
        "instruction with the operations of `iou()` in its order (`std::min`/`std::max` as "
        "`minps`/`maxps` with the operands in the order that keeps NaN and -0.0), and splits "
        "rows across threads."),
    "uint8_roundtrip": (
        "The hazard widens the image to float (4x the bytes) and runs six full-size passes, "
        "each allocating a new image; the fix evaluates the same float expression on 256 "
        "values and maps the image through the table in one pass, eight independent lookups "
        "per iteration (TensorIterator's plain byte loop, the first fix, is a route)."),
    "temporary": (
        "Two full-size temporaries and a third pass (`copy_`) vs one pass over the caller's "
        "buffer: a TensorIterator over out, x, mean and std computes `(float(x) - mean) / std` "
        "per element (the subtraction and the division each rounded, as ATen's sub and div "
        "round them), eight per AVX2 instruction on contiguous runs. The two-pass route "
        "`at::sub_out` + `div_` is what torch-perf-temporary's message suggests; it stays the "
        "fix for dtype combinations the fused loop does not cover. The uint8 case reads uint8 "
        "and writes float32."),
    "alloc_in_loop": (
        "Only the allocation moves: every sample still runs the same eight ops. Behind ATen's "
        "CPU allocator, glibc hands a just-freed block of the same size straight back on the "
        "next iteration, so the per-sample `at::empty` of a 256 KB buffer costs well under 1% "
        "of a sample's work: equal times are the expected result at this size, and that is "
        "what the 1-thread row shows. The fix never costs anything; it pays where the "
        "per-iteration work is small next to an allocator round trip, or the allocator is "
        "slow (fresh pages, contention with other threads)."),
    "redundant_copy": (
        "The hazard makes four full-size passes besides the multiply (NHWC copy, clone, zero "
        "fill, strided copy back); the fix is the multiply alone."),
    "data_dependent": (
        "The point of this pair is torch.compile (no `.item()` in traced code); eager must "
        "not regress, and it does not: the hazard's checks cost two extra comparisons, an "
        "`or`, a reduction and a host read, and when nothing is out of range its clone costs "
        "as much as the clamp it skipped. The validation (`(x >= 0).all()`) runs in both "
        "versions: `at::_assert_async` on CPU still reads the flag. The fix validates with "
        "`x.min() >= 0` (one reduction over x; a NaN minimum fails as a NaN element fails "
        "`x >= 0`), and not at all for unsigned dtypes, which are non-negative by type; "
        "`(x >= 0).all()`, the first fix, builds a bool tensor of x's size first."),
    "layout_from_shape": (
        "A correctness pair: both versions run the same ops once the channel dimension is "
        "known, so equal times are the expected result (the fix costs nothing); the value "
        "of the fix is that it is right on NHWC batches of height 3, where the hazard is "
        "wrong (kernels/tests/IdentityTest.cpp)."),
    "parallel_grain": (
        "The grain only decides whether a call goes parallel. At 1 thread neither version "
        "forks: both run the same serial code, so equal times are expected (differences of a "
        "few percent there are code placement, not the grain). At all threads, inputs below "
        "GRAIN_SIZE (32768 elements, e.g. a 3x32x32 image) run inline with the fix instead of "
        "waking the thread pool; what the wake-up costs depends on what else runs on the other "
        "cores, from microseconds to a scheduler time slice (milliseconds) per call, which is "
        "the range the small-image rows show. Large inputs are split the same way by both. "
        "The fix's uint8 body runs eight floats per AVX2 instruction (the same multiply, add, "
        "round half to even and saturation per element); the plain loop, a 256-entry table "
        "and ATen's ops are its routes."),
    "omp_in_loop": (
        "The hazard opens an OpenMP region per row: a fork, a barrier and a join per row even "
        "at one thread. Many short rows (4096 x 64) are the case the check is for; few long "
        "rows (16 x 65536) show that the cost is per region and disappears once each row is "
        "real work, which is why the check is advisory. The fix's rows run eight features per "
        "AVX2 instruction (multiply, then add: the same two roundings as the loop)."),
}

# Why a fixed kernel can come out slower than its hazard in a row; printed
# with the row. Filled in from the committed run's results.
SLOWER_WHY = {}

# Medians within this relative margin of each other count as equal; see verdict().
NOISE_MARGIN = 0.03
# A coefficient of variation above this marks a measurement as noisy; see quality().
NOISY_CV = 0.10

# The bar every fixed kernel is held to at one thread: within OPENCV_BAR of
# OpenCV where the harness has an OpenCV anchor, and within MEMCPY_BAR of a
# memcpy of its output where that copy takes at least MEMCPY_MIN_MS (half the
# memory bandwidth), unless the pair's LIMIT_NOTES say, measured, why its
# contract cannot get there.
OPENCV_BAR = 1.2
MEMCPY_BAR = 2.0
MEMCPY_MIN_MS = 0.010

# Why a fixed kernel's contract keeps it above the memcpy bar: what it must
# read, compute or keep that a memcpy does not. Printed under the limits table.
LIMIT_NOTES = {
    "element_loop": (
        "Compute, not memory: each of the N x M outputs is an IEEE division (no reciprocal "
        "estimate: the bytes must be the hazard's), and the divider is the limit: "
        "eight float divisions per AVX2 instruction, one such instruction every few cycles. "
        "The fix does the division and little else per pair, on a row that stays in L1; the "
        "route columns show the accessor loop it replaced."),
    "alloc_in_loop": (
        "The contract is the hazard's eight ATen ops per sample, byte for byte: a grayscale "
        "plane, its mean, then the blend `out = clamp(img * factor + mean * (1 - factor))` "
        "with ATen's own rounding, and ATen's rounding depends on the kernel it picks: "
        "`add_(other, alpha)` rounds once (a fused multiply-add) in ATen's AVX2 kernels and "
        "twice in its default ones. Measured with torch 2.15 here "
        "(`kernels/bench/aten_add_alpha_rounding.py`): of 2^20 random float32 "
        "pairs, `a.add(b, alpha=0.3)` differs from the twice-rounded result in 123,870 under "
        "the AVX2 kernels, and from the once-rounded result in as many under "
        "`ATEN_CPU_CAPABILITY=default`. A hand-written loop could match the hazard's bytes "
        "only by following ATen's choice of kernel, so the routes stay ATen ops, each a pass "
        "over the sample (in cache); and the mean needs the whole image read before the "
        "blend can start: two reads of the input at least."),
    "layout_from_shape": (
        "The contract reads three input planes for each output plane (`memcpy_in`, a copy of "
        "the input's bytes, is the floor of any route, and the fix runs within a few percent of it) and is "
        "ATen's `mul` and two `add_`s with alpha, byte for byte (see alloc_in_loop for why "
        "that rules out a hand-written loop)."),
    "omp_in_loop": (
        "The contract reads three inputs per output element (x[r][c], w[c], b[c]); the fix "
        "streams x and out once and keeps a block of w and b in cache across the rows of a "
        "chunk."),
}


# --------------------------------------------------------------------------
# record

def cmd_record(args):
    with open(args.raw, encoding="utf-8") as f:
        raw = json.load(f)
    meta = {}
    for item in args.meta or []:
        key, sep, value = item.partition("=")
        if not sep:
            sys.exit(f"report.py: --meta expects KEY=VALUE, got {item!r}")
        meta[key] = value
    result = {
        "schema": "torchlint-kernels-bench/1",
        "meta": meta,
        "benchmark": raw,
    }
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=2, sort_keys=False)
        f.write("\n")
    print(f"wrote {os.path.relpath(args.out, ROOT)}")


# --------------------------------------------------------------------------
# render

def parse_name(run_name):
    parts = run_name.split("/")
    if len(parts) < 4 or not parts[3].startswith("threads:"):
        return None
    return parts[0], parts[1], parts[2], int(parts[3].split(":", 1)[1])


def to_ms(value, unit):
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[unit]
    return value * scale


def collect(raw):
    """{(pair, case, threads): {variant: {stat: value}}}; times in ms."""
    rows = {}
    for b in raw.get("benchmarks", []):
        if b.get("run_type") != "aggregate":
            continue
        parsed = parse_name(b.get("run_name", b["name"]))
        if not parsed:
            continue
        pair, variant, case, threads = parsed
        stat = b["aggregate_name"]
        if b.get("aggregate_unit") == "percentage" or stat == "cv":
            value = b["real_time"]  # a fraction
        else:
            value = to_ms(b["real_time"], b.get("time_unit", "ns"))
        rows.setdefault((pair, case, threads), {}).setdefault(variant, {})[stat] = value
    return rows


def fmt_ms(ms):
    if ms is None:
        return "—"
    if ms >= 100:
        return f"{ms:.0f} ms"
    if ms >= 1:
        return f"{ms:.2f} ms"
    if ms >= 0.01:
        return f"{ms * 1000:.1f} µs"
    return f"{ms * 1000:.2f} µs"


def fmt_speedup(x):
    if x is None:
        return "—"
    if x >= 100:
        return f"{x:,.0f}x"
    if x >= 10:
        return f"{x:.1f}x"
    return f"{x:.2f}x"


def fmt_spread(stats):
    if not stats:
        return "—"
    cv = stats.get("cv")
    lo, hi = stats.get("min"), stats.get("max")
    parts = []
    if cv is not None:
        parts.append(f"cv {cv * 100:.1f}%")
    if lo is not None and hi is not None:
        parts.append(f"{fmt_ms(lo)}–{fmt_ms(hi)}")
    return ", ".join(parts)


def verdict(h, f):
    """How the fixed median compares with the hazard's.

    'faster': faster by more than NOISE_MARGIN; 'equal': within NOISE_MARGIN
    either way; 'noise': slower by more than that in the median, but the
    repetitions' ranges overlap (the run cannot tell them apart); 'slower':
    slower, and every fixed repetition was slower than every hazard one.
    """
    if h is None or f is None:
        return None
    speed = h["median"] / f["median"]
    if speed >= 1 + NOISE_MARGIN:
        return "faster"
    if speed >= 1 - NOISE_MARGIN:
        return "equal"
    if f.get("min", f["median"]) <= h.get("max", h["median"]):
        return "noise"
    return "slower"


def quality(h, f):
    """'ok'; 'certain' when a side's cv exceeds NOISY_CV but the repetition
    ranges do not overlap (the direction is certain, the size is not); 'noisy'
    when a side's cv exceeds NOISY_CV and the ranges overlap (the speed-up
    figure is not reliable)."""
    if h is None or f is None:
        return "ok"
    if max(h.get("cv", 0), f.get("cv", 0)) <= NOISY_CV:
        return "ok"
    lo_h, hi_h = h.get("min", h["median"]), h.get("max", h["median"])
    lo_f, hi_f = f.get("min", f["median"]), f.get("max", f["median"])
    overlap = lo_f <= hi_h and lo_h <= hi_f
    return "noisy" if overlap else "certain"


QUALITY_MARK = {"ok": "", "certain": " †", "noisy": " (noisy)"}


def sort_key(key):
    pair, case, threads = key
    return (PAIR_ORDER.get(pair, 99), pair, case, threads)


def render_markdown(result, rows, results_path, svg_path):
    meta = result.get("meta", {})
    ctx = result["benchmark"].get("context", {})
    has_opencv = any("opencv" in v for v in rows.values())
    has_roofline = any("memcpy" in v for v in rows.values())
    rel_results = os.path.relpath(results_path, ROOT)
    rel_svg = os.path.relpath(svg_path, os.path.join(ROOT, "docs"))

    out = []
    w = out.append
    w("# Benchmarks: reference kernel pairs")
    w("")
    w("<!-- Generated by kernels/bench/report.py from "
      f"{rel_results}; do not edit by hand: rerun kernels/bench/run_benchmarks.sh. -->")
    w("")
    w("Every fix torchlint suggests is backed by a pair of kernels in `kernels/pairs/`: the "
      "hazard as people write it and the fix as torchlint suggests it, with one signature. "
      "`kernels/tests/IdentityTest.cpp` proves each fix byte-identical to its hazard over the "
      "input matrix (dtypes, shapes, layouts, threads, edge values); this page shows the "
      "other half of the claim: the fix is faster, or at least not slower, in eager CPU "
      "execution. Measured, never assumed.")
    w("")
    w("## Summary")
    w("")
    w("Speed-up of the fixed kernel over its hazard (median over median), per pair, over the "
      "cases timed; rows flagged below as noisy are left out of the all-thread range.")
    w("")
    w("| pair | backs | 1 thread | all threads |")
    w("|---|---|---:|---:|")
    for name, check, _ in PAIRS:
        ones, alls, dropped = [], [], {1: 0, 0: 0}
        for (pair, case, threads), v in rows.items():
            if pair != name or "hazard" not in v or "fixed" not in v:
                continue
            speed = v["hazard"]["median"] / v["fixed"]["median"]
            if quality(v["hazard"], v["fixed"]) == "noisy":
                dropped[1 if threads == 1 else 0] += 1
                continue
            (ones if threads == 1 else alls).append(speed)

        def span(xs, n_dropped=0):
            if not xs:
                return "not measurable (noisy)" if n_dropped else "—"
            lo, hi = min(xs), max(xs)
            return fmt_speedup(lo) if fmt_speedup(lo) == fmt_speedup(hi) else \
                f"{fmt_speedup(lo)} – {fmt_speedup(hi)}"
        w(f"| [{name}](#{name}) | {', '.join(f'`{c.strip()}`' for c in check.split(','))} | "
          f"{span(ones, dropped[1])} | {span(alls, dropped[0])} |")
    w("")
    w("## Machine and run")
    w("")
    w(f"- CPU: {meta.get('cpu_model', '?')}, `nproc` = {meta.get('nproc', '?')} "
      f"(Google Benchmark: {ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz, "
      f"CPU scaling {'on' if ctx.get('cpu_scaling_enabled') else 'off'})")
    if meta.get("load_before") or meta.get("load_after"):
        w(f"- load average (1, 5, 15 min) before the run: {meta.get('load_before', '?')}; "
          f"after: {meta.get('load_after', '?')}. The machine is shared: other jobs ran on it "
          "at the same time, which is why every time below is a median of repetitions.")
    w(f"- libtorch: {meta.get('torch_version', '?')} "
      f"(headers say {ctx.get('torch_version_header', '?')}), "
      f"ATen parallel backend {ctx.get('aten_parallel_backend', '?')}, "
      f"ATen's default intra-op threads here {ctx.get('aten_default_threads', '?')}; "
      f"\"all threads\" = max(that, hardware threads) = {ctx.get('all_threads', '?')}")
    w(f"- compiler: {meta.get('compiler', '?')}, build type {meta.get('build_type', '?')} "
      "(the kernels are always compiled with -O2)")
    w(f"- Google Benchmark {meta.get('benchmark_version', '?')}"
      + (" (Debian's library reports itself as a DEBUG build; that concerns the harness "
         "library, not the kernels being timed)"
         if ctx.get("library_build_type") == "debug" else ""))
    w(f"- OpenCV: {ctx.get('opencv', meta.get('opencv', '?'))}"
      + ("" if has_opencv else
         " — so there is no OpenCV anchor column; with libopencv-dev installed the harness "
         "also times cv::LUT (gamma) and cv::convertScaleAbs (brightness/contrast) on the "
         "same bytes"))
    w(f"- commit: `{meta.get('commit', '?')}`"
      + (" (kernels/ had uncommitted changes at run time)" if meta.get("dirty") == "yes" else ""))
    w(f"- date: {meta.get('date', ctx.get('date', '?'))}")
    w(f"- raw results: [`{rel_results}`](../{rel_results}); chart: "
      f"[`{os.path.relpath(svg_path, ROOT)}`]({rel_svg})")
    w("")
    w("Method: one process (`torchlint_kernels_bench`); for every case and thread count the "
      "hazard runs immediately before the fixed version; each benchmark warms up first, then "
      f"runs {ctx.get('repetitions', 'several')} repetitions of at least "
      f"{float(ctx.get('min_time_s', 'nan')):g} s each (warm-up: "
      f"{float(ctx.get('min_warmup_time_s', 'nan')):g} s); the table shows the median of the repetitions' "
      "wall-clock times per call and the speed-up of the medians (hazard / fixed). Spread: "
      "coefficient of variation and min–max over the repetitions.")
    w("")
    w("## Results")
    w("")
    w(f"![speed-ups]({rel_svg})")
    w("")
    header = "| pair | shape | threads | hazard (median) | fixed (median) | speed-up |"
    sep = "|---|---|---:|---:|---:|---:|"
    if has_opencv:
        header += " OpenCV (median) |"
        sep += "---:|"
    if has_roofline:
        header += " memcpy roofline (median) | fixed / roofline |"
        sep += "---:|---:|"
    header += " spread hazard / fixed |"
    sep += "---|"
    w(header)
    w(sep)
    not_faster = []
    flagged = []
    for key in sorted(rows, key=sort_key):
        pair, case, threads = key
        v = rows[key]
        h, f = v.get("hazard"), v.get("fixed")
        hm = h["median"] if h else None
        fm = f["median"] if f else None
        speed = hm / fm if hm and fm else None
        verdict_ = verdict(h, f)
        quality_ = quality(h, f)
        mark = {"equal": " (=)", "noise": " (noise)", "slower": " (slower)"}.get(verdict_, "")
        if verdict_ in ("equal", "noise", "slower"):
            not_faster.append((key, speed, verdict_))
        if quality_ != "ok" and verdict_ is not None:
            flagged.append((key, speed, quality_, h, f))
            mark += QUALITY_MARK[quality_]
        line = (f"| [{pair}](#{pair}) | {case} | {threads} | {fmt_ms(hm)} | {fmt_ms(fm)} | "
                f"{fmt_speedup(speed)}{mark} |")
        if has_opencv:
            o = v.get("opencv")
            line += f" {fmt_ms(o['median']) if o else '—'} |"
        if has_roofline:
            r = v.get("memcpy")
            rm = r["median"] if r else None
            ratio = f"{fm / rm:.2f}x" if rm and fm else "—"
            line += f" {fmt_ms(rm)} | {ratio} |"
        line += f" {fmt_spread(h) if h else 'not run'} / {fmt_spread(f)} |"
        w(line)
    w("")
    w(f"(=): the medians are within {NOISE_MARGIN * 100:.0f}% of each other. (noise): the fixed "
      f"median is more than {NOISE_MARGIN * 100:.0f}% slower, but the repetitions' ranges "
      "overlap, so this run cannot tell the two apart. (slower): every repetition of the fixed "
      "version was slower than every repetition of the hazard. "
      f"†: a coefficient of variation above {NOISY_CV * 100:.0f}%, but every fixed repetition "
      "was faster than every hazard repetition: the direction is certain, the size is not. "
      f"(noisy): a coefficient of variation above {NOISY_CV * 100:.0f}% and overlapping "
      "repetitions: this run does not support the speed-up figure in that row. Shapes: NCHW "
      "batches unless the shape ends in 3 (HWC); `f32` float32, `u8` uint8; `iou_NxM` is "
      "N x M boxes."
      + (" memcpy roofline: a `memcpy` of as many bytes as the fixed kernel's output, from "
         "one buffer to another, timed in the same run on one thread (it reads and writes "
         "that many bytes): the memory-bandwidth floor of an elementwise kernel; fixed / "
         "roofline near 1 means the fix runs at memory speed." if has_roofline else "")
      + (" OpenCV: the same operation in OpenCV (cv::LUT, cv::convertScaleAbs) on the same "
         "bytes, a speed anchor." if has_opencv else ""))
    w("")
    threads_all = ctx.get("all_threads", "all")
    w(f"### Reading the {threads_all}-thread rows")
    w("")
    w(f"This machine has {meta.get('nproc', '?')} cores, shared with other jobs (see the load "
      "average above). A kernel run on all threads needs every core at the same moment: the "
      "OpenMP barrier at the end of each parallel region waits for a worker that the kernel "
      "may be sharing with another process, for a scheduler time slice at a time. That is why "
      "many all-thread times are *slower* than the 1-thread times of the same kernel here, "
      "and why their spread is large. The 1-thread rows are the reliable measurement of each "
      "fix on this machine. In no all-thread row is a fix measurably slower than its hazard; "
      "the rows flagged here are those where this run cannot put a reliable number on the "
      "difference.")
    w("")
    if flagged:
        w("Flagged rows in this run:")
        w("")
        for (pair, case, threads), speed, q, h, f in flagged:
            desc = ("direction certain, size not" if q == "certain"
                    else "speed-up figure not supported")
            w(f"- {pair}, {case}, {threads} threads: {fmt_speedup(speed)} — {desc} "
              f"(hazard {fmt_spread(h)}; fixed {fmt_spread(f)})")
        w("")
    w("## Where the fix is not faster")
    w("")
    slower = [x for x in not_faster if x[2] == "slower"]
    noisy = [x for x in not_faster if x[2] == "noise"]
    equal = [x for x in not_faster if x[2] == "equal"]
    if not not_faster:
        w("Nowhere: every fixed kernel is faster than its hazard in every row.")
    if slower:
        w("The fixed version is **slower** than the hazard in these rows:")
        w("")
        for (pair, case, threads), speed, _ in slower:
            w(f"- {pair}, {case}, {threads} thread(s): {fmt_speedup(speed)}. "
              f"{SLOWER_WHY.get(pair, PAIR_NOTES.get(pair, ''))}")
        w("")
    if noisy:
        w("The fixed median is slower than the hazard's in these rows, but the repetitions "
          "overlap: the difference is within this run's noise, not a measured regression.")
        w("")
        for (pair, case, threads), speed, _ in noisy:
            w(f"- {pair}, {case}, {threads} thread(s): {fmt_speedup(speed)}. "
              f"{SLOWER_WHY.get(pair, '')}")
        w("")
    if equal:
        w("The fixed version is as fast as the hazard (medians within "
          f"{NOISE_MARGIN * 100:.0f}%) in these rows:")
        w("")
        for (pair, case, threads), speed, _ in equal:
            w(f"- {pair}, {case}, {threads} thread(s): {fmt_speedup(speed)}")
        w("")
        w("Why a row can be equal by design is in the notes per pair below.")
        w("")
    render_limits(w, rows, ctx)
    w("## Notes per pair")
    w("")
    for name, check, what in PAIRS:
        w(f"### {name}")
        w("")
        w(f"Backs `{check}`"
          if "," not in check else
          "Backs " + ", ".join(f"`{c.strip()}`" for c in check.split(",")))
        w(f"— {what}. Sources: `kernels/pairs/{name}_hazard.cpp`, "
          f"`kernels/pairs/{name}_fixed.cpp`.")
        w("")
        w(PAIR_NOTES[name])
        w("")
        pair_rows = [k for k in sorted(rows, key=sort_key) if k[0] == name]
        if pair_rows:
            w("| shape | threads | hazard | fixed | speed-up |")
            w("|---|---:|---:|---:|---:|")
            for key in pair_rows:
                v = rows[key]
                h, f = v.get("hazard"), v.get("fixed")
                hm = h["median"] if h else None
                fm = f["median"] if f else None
                mark = QUALITY_MARK[quality(h, f)] if h and f else ""
                w(f"| {key[1]} | {key[2]} | {fmt_ms(hm)} | {fmt_ms(fm)} | "
                  f"{fmt_speedup(hm / fm if hm and fm else None)}{mark} |")
            w("")
            render_routes(w, name, rows, pair_rows, ctx)
    w("## Identity")
    w("")
    w("Speed is only half the claim. `ctest -L kernels` (or `build/bin/torchlint_kernels_tests`) "
      "checks every pair byte for byte (memcmp of contiguous copies, so NaN payloads and the "
      "sign of zero count; `torch::equal` alone cannot compare NaN) over uint8, float32 and "
      "float64 where the op has them; empty, 1x1, 3x3, odd and batch-32 shapes; contiguous, "
      "sliced, transposed, expanded and channels_last inputs; 1 thread and all threads; 0, "
      "255, NaN and ±inf. No pair needs a tolerance: uint8_roundtrip builds its table with "
      "the hazard's own ATen ops, and a test checks that ATen's vectorised and scalar pow "
      "agree after rounding for every gamma from 0.10 to 5.00 in steps of 0.01 (they differ "
      "in the last float bit for some values, never in the resulting byte), so the table "
      "matches the hazard whichever path ATen takes for an element. layout_from_shape is "
      "identical wherever the hazard's guess is right, and the tests show it wrong on NHWC "
      "batches of height 3. Every route of every pair (the tables above) passes the same "
      "tests.")
    w("")
    w("## Reproduce")
    w("")
    w("```sh")
    w("kernels/bench/run_benchmarks.sh        # build, run (about 2 minutes), render this page")
    w("build/bin/torchlint_kernels_bench --benchmark_filter='uint8_roundtrip/.*'   # one pair")
    w("```")
    w("")
    return "\n".join(out)


def route_names(name, rows, ctx):
    """The routes of a pair: the fix first (the one route the context
    describes that is not timed as route:<name>: it is timed as "fixed"), then
    the others in the order the harness ran them."""
    prefix = f"route {name}/"
    described = [k[len(prefix):] for k in ctx if k.startswith(prefix)]
    timed = []
    for key, v in rows.items():
        if key[0] != name:
            continue
        for variant in v:
            if variant.startswith("route:") and variant[6:] not in timed:
                timed.append(variant[6:])
    fix = [r for r in described if r not in timed]
    return fix + [r for r in timed if r in described]


def route_times(name, v, ctx):
    """{route: median} for one row; the fix's time is the fixed variant's."""
    names = route_names(name, {(name, "", 0): v}, ctx)
    out = {}
    for i, r in enumerate(names):
        x = v.get("fixed") if i == 0 else v.get("route:" + r)
        if x:
            out[r] = x["median"]
    return out


def best_route(name, v, ctx):
    times = route_times(name, v, ctx)
    if not times:
        return None, None
    best = min(times, key=times.get)
    return best, times[best]


def render_routes(w, name, rows, pair_rows, ctx):
    """Every route of the pair beside the others: the fastest in bold."""
    names = route_names(name, rows, ctx)
    if not names:
        return
    w("Routes (kernels/pairs/" + name + "_routes.cpp; each proven byte-identical to the "
      "hazard by the identity tests), medians, the fix first (its column is the fixed "
      "kernel's time); the fastest of each row in bold:")
    w("")
    w("| shape | threads | " + " | ".join(f"`{r}`" for r in names) + " |")
    w("|---|---:|" + "---:|" * len(names))
    for key in pair_rows:
        times = route_times(name, rows[key], ctx)
        best, _ = best_route(name, rows[key], ctx)
        cells = []
        for r in names:
            cell = fmt_ms(times.get(r))
            cells.append(f"**{cell}**" if r == best else cell)
        w(f"| {key[1]} | {key[2]} | " + " | ".join(cells) + " |")
    w("")
    for i, r in enumerate(names):
        why = ctx.get(f"route {name}/{r}", "")
        w(f"- `{r}`: {why}")
    w("")


def limit_row(v):
    """(fixed, opencv, memcpy, memcpy_in, verdict) for one 1-thread row."""
    f = v.get("fixed", {}).get("median")
    o = v.get("opencv", {}).get("median")
    m = v.get("memcpy", {}).get("median")
    mi = v.get("memcpy_in", {}).get("median")
    if f is None:
        return None
    checks = []
    if o:
        checks.append(f / o <= OPENCV_BAR)
    elif m and m >= MEMCPY_MIN_MS:
        checks.append(f / m <= MEMCPY_BAR)
    if not checks:
        verdict_ = "no bar (memcpy under 10 µs, no OpenCV)"
    elif all(checks):
        verdict_ = "met"
    else:
        verdict_ = "not met"
    return f, o, m, mi, verdict_


def render_limits(w, rows, ctx):
    w("## At the limit: the fix against OpenCV and memory speed (1 thread)")
    w("")
    w(f"Each fixed kernel is the fastest of the routes tried for its contract (listed per pair "
      f"below). The bar, at one thread: within {OPENCV_BAR}x of OpenCV where OpenCV has the "
      f"operation, else within {MEMCPY_BAR}x of a memcpy of the output where that copy takes "
      f"{MEMCPY_MIN_MS * 1000:.0f} µs or more (at least half the memory bandwidth), or a "
      "measured reason why the contract cannot get there.")
    w("")
    w("| pair | shape | fixed | fastest route | OpenCV | fixed / OpenCV | memcpy (output) | "
      "fixed / memcpy | memcpy (input) | bar |")
    w("|---|---|---:|---|---:|---:|---:|---:|---:|---|")
    missed = []
    for key in sorted(rows, key=sort_key):
        pair, case, threads = key
        if threads != 1:
            continue
        v = rows[key]
        lim = limit_row(v)
        if lim is None:
            continue
        f, o, m, mi, verdict_ = lim
        best, bm = best_route(pair, v, ctx)
        best_cell = f"`{best}` {fmt_ms(bm)}" if best else "—"
        if verdict_.startswith("not met"):
            verdict_ = ("not met: the contract (below)" if pair in LIMIT_NOTES
                        else "not met: no reason recorded")
            if pair not in missed:
                missed.append(pair)
        w(f"| [{pair}](#{pair}) | {case} | {fmt_ms(f)} | {best_cell} | {fmt_ms(o)} | "
          f"{f'{f / o:.2f}x' if o else '—'} | {fmt_ms(m)} | {f'{f / m:.2f}x' if m else '—'} | "
          f"{fmt_ms(mi)} | {verdict_} |")
    w("")
    if missed:
        w("Where the bar is not met, why (the contract, measured):")
        w("")
        for pair in missed:
            w(f"- **{pair}**: {LIMIT_NOTES.get(pair, 'no reason recorded: a bug in the fix.')}")
        w("")


def render_svg(rows):
    """A horizontal bar chart of speed-ups (log scale), hand-written SVG."""
    items = []
    for key in sorted(rows, key=sort_key):
        v = rows[key]
        h, f = v.get("hazard"), v.get("fixed")
        if not h or not f:
            continue
        items.append((key, h["median"] / f["median"], quality(h, f)))
    # Left margin from the longest label (about 6.8 px per character at 12 px).
    longest = max([len(f"{p} · {c} · {t}t") for (p, c, t), _, _ in items] + [20])
    bar_h, gap, right, top = 18, 6, 130, 56
    left = int(longest * 6.8) + 24
    width = left + 560 + right
    plot_w = width - left - right
    height = top + len(items) * (bar_h + gap) + 50
    hi = max([speed for _, speed, _ in items] + [2.0])
    lo = min([speed * 0.8 for _, speed, _ in items] + [0.5])
    log_lo, log_hi = math.log10(lo), math.log10(hi) + 0.15

    def x(value):
        return left + (math.log10(value) - log_lo) / (log_hi - log_lo) * plot_w

    colours = {1: "#4c78a8"}
    other = "#f58518"
    s = []
    a = s.append
    a(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
      f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">')
    a(f'<rect width="{width}" height="{height}" fill="white"/>')
    a(f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="16" font-weight="bold">'
      "Speed-up of the fixed kernel over the hazard (median, log scale)</text>")
    a(f'<rect x="{left}" y="32" width="12" height="12" fill="{colours[1]}"/>'
      f'<text x="{left + 18}" y="42">1 thread</text>'
      f'<rect x="{left + 100}" y="32" width="12" height="12" fill="{other}"/>'
      f'<text x="{left + 118}" y="42">all threads</text>')
    # Grid lines at powers of ten and at 1x.
    ticks = []
    t = 10 ** math.floor(log_lo)
    while t <= 10 ** log_hi:
        for m in (1, 2, 5):
            v = t * m
            if lo <= v <= 10 ** log_hi:
                ticks.append(v)
        t *= 10
    axis_y = top + len(items) * (bar_h + gap)
    for v in ticks:
        xv = x(v)
        colour, stroke = ("#333", "1.5") if v == 1 else ("#ddd", "1")
        a(f'<line x1="{xv:.1f}" y1="{top - 4}" x2="{xv:.1f}" y2="{axis_y}" stroke="{colour}" '
          f'stroke-width="{stroke}"/>')
        label = f"{v:g}x"
        a(f'<text x="{xv:.1f}" y="{axis_y + 16}" text-anchor="middle" fill="#555">{label}</text>')
    for i, ((pair, case, threads), speed, q) in enumerate(items):
        y = top + i * (bar_h + gap)
        colour = colours.get(threads, other)
        opacity = "0.35" if q == "noisy" else "1"
        x1 = x(1.0)
        x2 = x(speed)
        bx, bw = (x1, x2 - x1) if speed >= 1 else (x2, x1 - x2)
        label = html.escape(f"{pair} · {case} · {threads}t")
        value = html.escape(fmt_speedup(speed) + QUALITY_MARK[q])
        a(f'<text x="{left - 8}" y="{y + bar_h - 5}" text-anchor="end">{label}</text>')
        a(f'<rect x="{bx:.1f}" y="{y}" width="{max(bw, 1):.1f}" height="{bar_h}" '
          f'fill="{colour}" fill-opacity="{opacity}"><title>{label}: {value}</title></rect>')
        a(f'<text x="{max(x1, x2) + 5:.1f}" y="{y + bar_h - 5}">{value}</text>')
    a(f'<text x="{left + plot_w / 2}" y="{height - 12}" text-anchor="middle" fill="#555">'
      "hazard time / fixed time (right of the 1x line: the fix is faster; pale bars: "
      "noisy, see docs/benchmarks.md)</text>")
    a("</svg>")
    return "\n".join(s) + "\n"


def newest_result():
    files = sorted(glob.glob(os.path.join(ROOT, "kernels", "results", "*.json")))
    if not files:
        sys.exit("report.py: no kernels/results/*.json; run kernels/bench/run_benchmarks.sh")
    return files[-1]


def cmd_render(args):
    path = os.path.abspath(args.results or newest_result())
    with open(path, encoding="utf-8") as f:
        result = json.load(f)
    if "benchmark" not in result:  # a bare Google Benchmark file
        result = {"meta": {}, "benchmark": result}
    rows = collect(result["benchmark"])
    if not rows:
        sys.exit(f"report.py: no aggregate results in {path}")
    svg_path = os.path.abspath(args.svg)
    md_path = os.path.abspath(args.md)
    with open(svg_path, "w", encoding="utf-8") as f:
        f.write(render_svg(rows))
    with open(md_path, "w", encoding="utf-8") as f:
        f.write(render_markdown(result, rows, path, svg_path))
    print(f"wrote {os.path.relpath(md_path, ROOT)} and {os.path.relpath(svg_path, ROOT)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record", help="wrap raw benchmark JSON with run metadata")
    rec.add_argument("--raw", required=True)
    rec.add_argument("--out", required=True)
    rec.add_argument("--meta", action="append", metavar="KEY=VALUE")
    ren = sub.add_parser("render", help="results JSON -> Markdown page + SVG chart")
    ren.add_argument("results", nargs="?")
    ren.add_argument("--md", default=os.path.join(ROOT, "docs", "benchmarks.md"))
    ren.add_argument("--svg", default=os.path.join(ROOT, "kernels", "results", "speedups.svg"))
    args = parser.parse_args()
    if args.cmd == "record":
        cmd_record(args)
    else:
        cmd_render(args)


if __name__ == "__main__":
    main()
