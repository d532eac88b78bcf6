#include "wasm/common/convert.hpp"

#include "core/checks.hpp"

namespace attn::wasm {

val float64_array(const double* data, size_t size) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(size, data));
}

val float64_array(const std::vector<double>& xs) { return float64_array(xs.data(), xs.size()); }

val float64_array(const Eigen::MatrixXd& m) {
  const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rows = m;
  return float64_array(rows.data(), static_cast<size_t>(rows.size()));
}

val to_js(const Value& value) {
  if (value.is_null()) return val::null();
  if (value.is_bool()) return val(value.as_bool());
  if (value.is_number()) return val(value.as_number());
  if (value.is_string()) return val(value.as_string());
  if (value.is_numbers()) return float64_array(value.as_numbers());
  if (value.is_array()) {
    val out = val::array();
    for (const auto& item : value.as_array()) out.call<void>("push", to_js(item));
    return out;
  }
  val out = val::object();
  for (const auto& field : value.as_object()) out.set(field.first, to_js(field.second));
  return out;
}

Params params_from_js(const val& object) {
  Params params;
  if (object.isUndefined() || object.isNull()) return params;
  require(object.typeOf().as<std::string>() == "object", "params must be an object");
  const val keys = val::global("Object").call<val>("keys", object);
  const int n = keys["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const std::string key = keys[i].as<std::string>();
    const val v = object[key];
    require(v.isNumber(), "parameter '" + key + "' must be a number");
    params[key] = v.as<double>();
  }
  return params;
}

Eigen::VectorXd vector_from_js(const val& array, const char* what) {
  require(!array.isUndefined() && !array.isNull(), std::string(what) + " is missing");
  const std::vector<double> xs = emscripten::convertJSArrayToNumberVector<double>(array);
  Eigen::VectorXd v(static_cast<Eigen::Index>(xs.size()));
  for (size_t i = 0; i < xs.size(); ++i) v(static_cast<Eigen::Index>(i)) = xs[i];
  return v;
}

Eigen::MatrixXd matrix_from_js(const val& array, int rows, int cols, const char* what) {
  require(rows > 0 && cols > 0, std::string(what) + ": rows and cols must be positive");
  const Eigen::VectorXd flat = vector_from_js(array, what);
  require(flat.size() == static_cast<Eigen::Index>(rows) * cols,
          std::string(what) + ": expected " + std::to_string(static_cast<long long>(rows) * cols) + " numbers, got " +
              std::to_string(flat.size()));
  Eigen::MatrixXd m(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) m(i, j) = flat(i * cols + j);
  return m;
}

void throw_js_error(const char* message) {
  // val(const char*) reads the bytes as Latin-1; through std::string they are read as UTF-8, so
  // a message naming a Chinese word arrives intact. The std::string is gone before the throw.
  const val text = val(std::string(message));
  val::global("Error").new_(text).throw_();
}

}  // namespace attn::wasm
