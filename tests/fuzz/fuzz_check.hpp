#pragma once
// The contract every fuzz case checks, and how a broken one is reported.
//   A call either returns, and then every number it returns is finite (or an explicit null),
//   or throws attn::InvalidInput whose message says what was wrong. Nothing else: no other
//   exception, no crash, no sanitizer report, no Eigen assertion, no hang.
// Valid input (right shapes, values in the documented range; for the general functions: finite
// and at most 1e100 in magnitude, see moderate()) must return, with finite numbers. Finite but
// larger values may overflow inside any formula: then only "no crash, only InvalidInput".
#include <Eigen/Dense>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/checks.hpp"
#include "figures/value.hpp"

namespace attn::fuzz {

// A broken contract. Deliberately not derived from std::exception, so that no catch in the
// core or in the guard below can swallow it.
struct ContractBroken {
  std::string call;    // the call, written so it can be replayed (see fuzz_case.hpp)
  std::string what;    // what was wrong
};

enum class Outcome { kReturned, kRejected };  // kRejected: InvalidInput, with a message

[[noreturn]] inline void broken(const std::string& call, const std::string& what) {
  throw ContractBroken{call, what};
}

// Runs `call`. InvalidInput is accepted (unless `must_return`: the input was valid) when its
// message passes `message_ok`; anything else thrown breaks the contract.
template <class Call, class MessageOk>
Outcome guarded(const std::string& description, bool must_return, Call&& call, MessageOk&& message_ok) {
  try {
    call();
    return Outcome::kReturned;
  } catch (const InvalidInput& e) {
    if (must_return) broken(description, std::string("valid input was rejected: ") + e.what());
    if (!message_ok(std::string(e.what())))
      broken(description, std::string("InvalidInput without a useful message: ") + e.what());
    return Outcome::kRejected;
  } catch (const std::exception& e) {
    broken(description, std::string("threw a non-InvalidInput exception: ") + e.what());
  }
#ifdef ATTN_EIGEN_ASSERT_THROWS  // the sanitizer build: Eigen's checks throw (eigen_assert_throws.hpp)
  catch (const EigenAssertionFailed& e) {
    broken(description, std::string("Eigen assertion failed: ") + e.expression + " at " + e.file + ":" +
                            std::to_string(e.line));
  }
#endif
}

template <class Call>
Outcome guarded(const std::string& description, bool must_return, Call&& call) {
  return guarded(description, must_return, std::forward<Call>(call),
                 [](const std::string& m) { return !m.empty(); });
}

// Every number in the figure data is finite: "where" names the first one that is not.
void require_finite(const std::string& description, const Value& value, const std::string& where = "$");
void require_finite(const std::string& description, const Eigen::MatrixXd& m, const std::string& what);
void require_finite(const std::string& description, double x, const std::string& what);

// "%.17g": a double written so that reading it back gives the same double.
std::string exact(double x);
// "rows×cols (max |x| …, k non-finite)", or every entry when there are at most 8.
std::string describe(const Eigen::MatrixXd& m);

// Finite, and no entry larger than 1e100 in magnitude: the inputs for which a function must
// give finite numbers (beyond that, x·y or x + y may overflow to ±inf in any formula).
bool moderate(const Eigen::MatrixXd& m);
double max_abs(const Eigen::MatrixXd& m);  // 0 for an empty matrix, NaN if any entry is NaN

}  // namespace attn::fuzz
