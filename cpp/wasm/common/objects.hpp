#pragma once
// Object, string and byte arguments from JS, checked as strictly as numbers (arguments.hpp):
// an options object is a plain object whose keys are all known (a misspelt option is refused,
// not ignored); figure params are numbers by name; words are strings; bytes a Uint8Array or
// an ArrayBuffer. Each refused by name.
#include <emscripten/val.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "figures/spec.hpp"

namespace attn::wasm {

using emscripten::val;

// A plain JS object of named options; undefined or null reads as {} when `optional`.
class Options {
 public:
  Options(const val& object, const std::string& what, std::initializer_list<const char*> known,
          bool optional = true);
  bool has(const char* key) const;
  val get(const char* key) const;  // undefined when absent
  double number_or(const char* key, double fallback) const;  // finite
  int whole_or(const char* key, double fallback, double lo, double hi) const;
  std::string name(const char* key) const { return what_ + "." + key; }

 private:
  val object_;
  std::string what_;
};

// JS {name: number, …} → Params. Range checks are the figure's (resolve_params).
Params params_from_js(const val& object);

// A JS string; a JS array of strings (at most max_words); a Uint8Array or ArrayBuffer (copied,
// at most max_bytes).
std::string string_from_js(const val& v, const std::string& what);
std::vector<std::string> words_from_js(const val& array, const std::string& what, int max_words);
std::vector<unsigned char> bytes_from_js(const val& data, const std::string& what, double max_bytes);

}  // namespace attn::wasm
