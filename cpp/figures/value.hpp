#pragma once
// The plain data a figure returns: null, bool, number, string, numeric array, array, object.
// The native tool prints it as JSON; the WASM bindings turn it into a JS object in which every
// numeric array becomes a Float64Array. One shape, two front ends: the data contract.
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace attn {

class Value {
 public:
  using Array = std::vector<Value>;
  using Object = std::vector<std::pair<std::string, Value>>;  // keeps insertion order
  using Numbers = std::vector<double>;

  Value() = default;  // null
  Value(bool b) : v_(b) {}
  Value(double x) : v_(x) {}
  Value(int x) : v_(static_cast<double>(x)) {}
  Value(const char* s) : v_(std::string(s)) {}
  Value(std::string s) : v_(std::move(s)) {}
  Value(Numbers xs) : v_(std::move(xs)) {}
  Value(Array xs) : v_(std::move(xs)) {}

  static Value object() { Value v; v.v_ = Object{}; return v; }
  static Value strings(const std::vector<std::string>& xs);

  // Adds (or replaces) a field of an object; returns *this so fields can be chained.
  Value& set(const std::string& key, Value value);
  const Value& at(const std::string& key) const;  // throws std::out_of_range
  const Value* find(const std::string& key) const;  // nullptr when not an object or no such field

  bool is_null() const { return std::holds_alternative<std::monostate>(v_); }
  bool is_bool() const { return std::holds_alternative<bool>(v_); }
  bool is_number() const { return std::holds_alternative<double>(v_); }
  bool is_string() const { return std::holds_alternative<std::string>(v_); }
  bool is_numbers() const { return std::holds_alternative<Numbers>(v_); }
  bool is_array() const { return std::holds_alternative<Array>(v_); }
  bool is_object() const { return std::holds_alternative<Object>(v_); }

  bool as_bool() const { return std::get<bool>(v_); }
  double as_number() const { return std::get<double>(v_); }
  const std::string& as_string() const { return std::get<std::string>(v_); }
  const Numbers& as_numbers() const { return std::get<Numbers>(v_); }
  const Array& as_array() const { return std::get<Array>(v_); }
  const Object& as_object() const { return std::get<Object>(v_); }

 private:
  std::variant<std::monostate, bool, double, std::string, Numbers, Array, Object> v_;
};

// JSON text; numbers with 17 significant digits so that a reader of the JSON gets the exact
// double back (non-finite numbers, which JSON lacks, become null).
std::string to_json(const Value& value);

}  // namespace attn
