#include "wasm/common/convert.hpp"

#include "core/checks.hpp"

namespace attn::wasm {

val float64_array(const std::vector<double>& xs) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(xs.size(), xs.data()));
}

val uint8_array(const std::vector<unsigned char>& bytes) {
  return val::global("Uint8Array").new_(emscripten::typed_memory_view(bytes.size(), bytes.data()));
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

std::string string_from_js(const val& v, const char* what) {
  require(v.isString(), std::string(what) + " must be a string");
  return v.as<std::string>();
}

std::vector<std::string> words_from_js(const val& array, const char* what, int max_words) {
  require(val::global("Array").call<bool>("isArray", array), std::string(what) + " must be an array of words");
  const int n = array["length"].as<int>();
  require(n <= max_words, std::string(what) + " is longer than " + std::to_string(max_words) + " words");
  std::vector<std::string> words;
  for (int i = 0; i < n; ++i) words.push_back(string_from_js(array[i], "every word"));
  return words;
}

std::vector<unsigned char> bytes_from_js(const val& data, const char* what) {
  require(!data.isUndefined() && !data.isNull(), std::string(what) + " is missing");
  const bool buffer = data.instanceof(val::global("ArrayBuffer"));
  require(buffer || data.instanceof(val::global("Uint8Array")), std::string(what) + " must be a Uint8Array or an ArrayBuffer");
  const val bytes = buffer ? val::global("Uint8Array").new_(data) : data;
  return emscripten::convertJSArrayToNumberVector<unsigned char>(bytes);
}

}  // namespace attn::wasm
