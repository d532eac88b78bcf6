// The deterministic fuzz driver ctest runs: case i draws its decisions from our Rng seeded with
// derive_seed(seed, i), so every case replays alone (--case i) and the run is the same on
// every machine. Prints per entry point how many cases returned or were rejected, and the
// slowest case; exits 1 if any case broke the contract (the first 20 printed with their replay
// lines, all counted).
//   attn_fuzz_random [--seed S] [--cases N] [--case I]
//   attn_fuzz_random --write-corpus DIR [--cases N]   the same cases as libFuzzer seed files
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>

#include "fuzz_case.hpp"

namespace {

using namespace attn::fuzz;

// A case slower than this is reported as a hang (instrumented build; the slowest legitimate
// case, a 200-word Jacobian at k = 32, takes well under a second).
constexpr double kHangSeconds = 10.0;
constexpr int kMaxPrintedFailures = 20;  // all are counted; the first ones are printed
int printed_failures = 0;

struct OpStats {
  int returned = 0, rejected = 0;
  double slowest_ms = 0;
  std::string slowest;
};

struct Options {
  std::uint64_t seed = 1;
  long cases = 2000;
  long only_case = -1;
  std::string corpus_dir;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--seed") o.seed = std::strtoull(argv[i + 1], nullptr, 10);
    else if (flag == "--cases") o.cases = std::strtol(argv[i + 1], nullptr, 10);
    else if (flag == "--case") o.only_case = std::strtol(argv[i + 1], nullptr, 10);
    else if (flag == "--write-corpus") o.corpus_dir = argv[i + 1];
    else { std::fprintf(stderr, "unknown flag %s\n", flag.c_str()); std::exit(2); }
  }
  return o;
}

int write_corpus(const Options& o) {
  for (long i = 0; i < o.cases; ++i) {
    RecordingSource src(attn::derive_seed(o.seed, static_cast<std::uint64_t>(i)));
    try { any_case(src); } catch (...) {}  // seeds only: the checks run when libFuzzer replays them
    char name[32];
    std::snprintf(name, sizeof name, "/seed-%05ld", i);
    std::ofstream(o.corpus_dir + name, std::ios::binary)
        .write(reinterpret_cast<const char*>(src.bytes().data()), static_cast<std::streamsize>(src.bytes().size()));
  }
  std::printf("wrote %ld seed inputs to %s\n", o.cases, o.corpus_dir.c_str());
  return 0;
}

// Runs case i; returns false (after printing why) if it broke the contract.
bool run_case(const Options& o, long i, std::map<std::string, OpStats>& stats) {
  const std::string replay = "attn_fuzz_random --seed " + std::to_string(o.seed) + " --case " + std::to_string(i);
  RngSource src(attn::derive_seed(o.seed, static_cast<std::uint64_t>(i)));
  const auto start = std::chrono::steady_clock::now();
  std::string failure;
  CaseResult result{"?", Outcome::kRejected, ""};
  try {
    result = any_case(src);
  } catch (const ContractBroken& b) {
    failure = b.what + "\n    call: " + b.call;
  } catch (const std::exception& e) {
    failure = std::string("exception escaped the harness: ") + e.what();
  }
#ifdef ATTN_EIGEN_ASSERT_THROWS
  catch (const EigenAssertionFailed& e) {
    failure = std::string("Eigen assertion failed outside a guarded call: ") + e.expression + " (" + e.file + ":" +
              std::to_string(e.line) + ")";
  }
#endif
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (failure.empty() && ms > kHangSeconds * 1000) failure = "took " + std::to_string(ms) + " ms\n    call: " + result.description;
  if (!failure.empty()) {
    if (++printed_failures <= kMaxPrintedFailures)
      std::printf("FAIL case %ld (replay: %s)\n    %s\n", i, replay.c_str(), failure.c_str());
    return false;
  }
  OpStats& s = stats[result.op];
  (result.outcome == Outcome::kReturned ? s.returned : s.rejected) += 1;
  if (ms > s.slowest_ms) { s.slowest_ms = ms; s.slowest = result.description; }
  if (o.only_case >= 0) std::printf("ok: %s\n", result.description.c_str());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  if (!o.corpus_dir.empty()) return write_corpus(o);
  std::map<std::string, OpStats> stats;
  int failures = 0;
  const long first = o.only_case >= 0 ? o.only_case : 0, last = o.only_case >= 0 ? o.only_case + 1 : o.cases;
  for (long i = first; i < last; ++i)
    if (!run_case(o, i, stats)) ++failures;
  std::printf("%-28s %9s %9s %11s\n", "entry point", "returned", "rejected", "slowest ms");
  for (const auto& [op, s] : stats) std::printf("%-28s %9d %9d %11.1f\n", op.c_str(), s.returned, s.rejected, s.slowest_ms);
  std::printf("%ld cases, seed %llu: %d broke the contract\n", last - first,
              static_cast<unsigned long long>(o.seed), failures);
  return failures == 0 ? 0 : 1;
}
