#include "wasm/common/convert.hpp"

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

}  // namespace attn::wasm
