// Deliberately wrong dot products (test-only, never in the sweep's space): the
// GPU tests run them through the real measuring path to show that its checks
// catch each kind of wrong kernel at every size, in every element type, and a
// correct "control" built from the same code to show that the checks do not
// flag everything.
//
// The list of mutants is `mutants()`, declared once (mutant_kernels.cu): each
// entry names the bug, the types it is built for, where it is right by
// construction, and what the checks owe it. The test and docs/measuring.md
// read it from there.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/space/element_type.hpp"
#include "gpu/dot_operation.hpp"

namespace dotsweep::test {

struct Mutant {
  std::string name;  // "control" is the one correct entry
  std::string bug;   // what it does wrong, one line
  std::vector<ElementType> types;  // built for these, in all_element_types() order
  // Where it computes the right answer by construction, so there is nothing
  // to catch (the control everywhere; drops-tail where n has no tail).
  std::function<bool(ElementType, long long)> correct_by_construction;
  // What the checks owe it where it is not correct by construction, beyond
  // the verdict "incorrect" with a reason:
  //  - periodic_sees: the periodic check sees it on its own (it drops or
  //    doubles whole aligned periods plus at most part of one, or reads past
  //    the end: see docs/measuring.md).
  //  - confined_to(type): its result is always a value of that type (its last
  //    add rounds to it), so each check sees it wherever no value of that type
  //    can pass that check: an exact sum the type cannot hold, a float64
  //    reference farther than the bound from every value of the type. Where
  //    some value of the type passes every check ("passable": the inputs'
  //    sums happen to lie within the bounds of one), no verdict is owed.
  bool periodic_sees = false;
  std::function<std::optional<ElementType>(ElementType)> confined_to;
  std::function<std::unique_ptr<DotOperation>(ElementType)> make;  // a type in `types`
};

const std::vector<Mutant>& mutants();

// Elements per 16-byte vector load of `type` (4 f32, 2 f64, 8 f16 and bf16).
int vector_elements(ElementType type);

}  // namespace dotsweep::test
