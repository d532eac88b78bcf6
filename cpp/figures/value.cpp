#include "figures/value.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace attn {

Value Value::strings(const std::vector<std::string>& xs) {
  Array out;
  out.reserve(xs.size());
  for (const auto& s : xs) out.emplace_back(s);
  return Value(std::move(out));
}

Value& Value::set(const std::string& key, Value value) {
  auto& fields = std::get<Object>(v_);
  for (auto& field : fields) {
    if (field.first == key) {
      field.second = std::move(value);
      return *this;
    }
  }
  fields.emplace_back(key, std::move(value));
  return *this;
}

const Value& Value::at(const std::string& key) const {
  if (const Value* field = find(key)) return *field;
  throw std::out_of_range("no field '" + key + "'");
}

const Value* Value::find(const std::string& key) const {
  if (!is_object()) return nullptr;
  for (const auto& field : as_object())
    if (field.first == key) return &field.second;
  return nullptr;
}

namespace {

void append_number(std::string& out, double x) {
  if (!std::isfinite(x)) {
    out += "null";
    return;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  out += buf;
}

void append_string(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);  // UTF-8 passes through unchanged
        }
    }
  }
  out += '"';
}

void append_json(std::string& out, const Value& v) {
  if (v.is_null()) {
    out += "null";
  } else if (v.is_bool()) {
    out += v.as_bool() ? "true" : "false";
  } else if (v.is_number()) {
    append_number(out, v.as_number());
  } else if (v.is_string()) {
    append_string(out, v.as_string());
  } else if (v.is_numbers()) {
    out += '[';
    const auto& xs = v.as_numbers();
    for (size_t i = 0; i < xs.size(); ++i) {
      if (i) out += ',';
      append_number(out, xs[i]);
    }
    out += ']';
  } else if (v.is_array()) {
    out += '[';
    const auto& xs = v.as_array();
    for (size_t i = 0; i < xs.size(); ++i) {
      if (i) out += ',';
      append_json(out, xs[i]);
    }
    out += ']';
  } else {
    out += '{';
    bool first = true;
    for (const auto& field : v.as_object()) {
      if (!first) out += ',';
      first = false;
      append_string(out, field.first);
      out += ':';
      append_json(out, field.second);
    }
    out += '}';
  }
}

}  // namespace

std::string to_json(const Value& value) {
  std::string out;
  append_json(out, value);
  return out;
}

}  // namespace attn
