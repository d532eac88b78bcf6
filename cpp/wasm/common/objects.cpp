#include "wasm/common/objects.hpp"

#include <cmath>

#include "core/checks.hpp"
#include "wasm/common/arguments.hpp"

namespace attn::wasm {
namespace {

// A plain object: typeof 'object', not null, not an array or typed array.
bool is_plain_object(const val& v) {
  return !v.isNull() && v.typeOf().as<std::string>() == "object" && !v.isArray() &&
         !val::global("ArrayBuffer").call<bool>("isView", v);
}

std::vector<std::string> own_keys(const val& object) {
  const val keys = val::global("Object").call<val>("keys", object);
  const int n = keys["length"].as<int>();
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(keys[i].as<std::string>());
  return out;
}

std::string kind_of(const val& v) { return v.isNull() ? "null" : v.isArray() ? "array" : v.typeOf().as<std::string>(); }

}  // namespace

Options::Options(const val& object, const std::string& what, std::initializer_list<const char*> known,
                 bool optional)
    : object_(object), what_(what) {
  if (optional && (object.isUndefined() || object.isNull())) {
    object_ = val::object();
    return;
  }
  require(is_plain_object(object), what + " must be an object, got " + (object.isUndefined() ? "undefined" : kind_of(object)));
  for (const std::string& key : own_keys(object)) {
    bool is_known = false;
    std::string names;
    for (const char* k : known) {
      is_known = is_known || key == k;
      names += (names.empty() ? "" : ", ") + std::string(k);
    }
    require(is_known, what + ": unknown option '" + key + "' (known: " + names + ")");
  }
}

bool Options::has(const char* key) const {
  const val x = object_[key];
  return !x.isUndefined();
}

val Options::get(const char* key) const { return object_[key]; }

double Options::number_or(const char* key, double fallback) const {
  return has(key) ? finite_from_js(get(key), name(key)) : fallback;
}

int Options::whole_or(const char* key, double fallback, double lo, double hi) const {
  return has(key) ? whole_from_js(get(key), name(key), lo, hi) : static_cast<int>(fallback);
}

Params params_from_js(const val& object) {
  Params params;
  if (object.isUndefined() || object.isNull()) return params;
  require(is_plain_object(object), "params must be an object");
  for (const std::string& key : own_keys(object)) {
    const val v = object[key];
    require(v.isNumber(), "parameter '" + key + "' must be a number");
    params[key] = v.as<double>();
  }
  return params;
}

std::string string_from_js(const val& v, const std::string& what) {
  require(v.isString(), what + " must be a string, got " + (v.isUndefined() ? "undefined" : kind_of(v)));
  return v.as<std::string>();
}

std::vector<std::string> words_from_js(const val& array, const std::string& what, int max_words) {
  require(array.isArray(), what + " must be an array of words");
  const double n = array["length"].as<double>();
  require(n <= max_words, what + " is longer than " + std::to_string(max_words) + " words");
  std::vector<std::string> words;
  for (int i = 0; i < static_cast<int>(n); ++i) words.push_back(string_from_js(array[i], "every word of " + what));
  return words;
}

std::vector<unsigned char> bytes_from_js(const val& data, const std::string& what, double max_bytes) {
  require(!data.isUndefined() && !data.isNull(), what + " is missing");
  const bool buffer = data.instanceof(val::global("ArrayBuffer"));
  require(buffer || data.instanceof(val::global("Uint8Array")),
          what + " must be a Uint8Array or an ArrayBuffer");
  const val bytes = buffer ? val::global("Uint8Array").new_(data) : data;
  require_within(bytes["length"].as<double>(), max_bytes, what + "'s length", "bytes");
  std::vector<unsigned char> out(bytes["length"].as<size_t>());
  val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", bytes);
  return out;
}

}  // namespace attn::wasm
