// The element types a dot product can take, and what each implies for the
// buffers, the result slot and the reports. One table, read by the space
// file, the variant id, the CSV writer, the input generator and the baselines.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace dotsweep {

enum class ElementType { f32, f64, f16, bf16 };

// Every type, in report order.
const std::vector<ElementType>& all_element_types();

// "f32", "f64", "f16", "bf16": the spelling of space files, ids and CSV columns.
std::string to_string(ElementType type);
std::optional<ElementType> element_type_from_string(const std::string& name);
// A type name's place in report order (f32, f64, f16, bf16), names that are
// no element type after them, so reports list the common type first.
int report_order(const std::string& type_name);

// Bytes of one element in memory.
int element_bytes(ElementType type);

// The device-side result slot every operation writes: a double for f64, a
// float otherwise (f16 and bf16 accumulate in f32 or wider and return f32).
int result_bytes(ElementType type);

// Largest |integer| k such that every integer in [-k, k] is exact in the type
// (2^24 f32, 2^53 f64, 2^11 f16, 2^8 bf16): bounds the exact input sets.
double exact_integer_limit(ElementType type);

}  // namespace dotsweep
