// Small helpers shared by the unit tests.
#pragma once

#include <filesystem>
#include <string>
#include <unistd.h>

#include "core/input_error.hpp"
#include "core/rows/record.hpp"

namespace dotsweep::test {

// A correct, timed cold f32 row: the median and its 95% interval. cuBLAS and
// CUB rows are baselines, every other name a candidate. Tests add what they need.
inline MeasurementRecord timed_row(const std::string& variant, double lo, double median, double hi, std::int64_t n) {
  MeasurementRecord r;
  r.variant = variant;
  r.kind = variant == "cublas" || variant == "cub" ? "baseline" : "candidate";
  r.type = "f32";
  r.n = n;
  r.mode = "cold";
  r.median_us = median;
  r.ci_lo_us = lo;
  r.ci_hi_us = hi;
  r.correct = true;
  return r;
}

// The InputError message `fn` throws, or "" when it throws none. Any other
// exception escapes and fails the test: callers expect InputError specifically.
template <class Fn>
std::string input_error_of(Fn&& fn) {
  try {
    fn();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// An empty folder name under the temp directory: whatever was there is removed.
inline std::filesystem::path fresh_dir(const char* name) {
  const auto dir = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(dir);
  return dir;
}

// A path under the temp directory, unique per process and name, removed
// (a file, or a folder with everything in it, and any ".tmp" sibling) when
// the test starts and ends: a folder left behind would be found again by a
// later process given the same id.
class TempPath {
 public:
  explicit TempPath(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              ("dotsweep_unit_" + std::to_string(::getpid()) + "_" + name)) {
    remove();
  }
  ~TempPath() { remove(); }
  TempPath(const TempPath&) = delete;
  TempPath& operator=(const TempPath&) = delete;
  std::string str() const { return path_.string(); }

 private:
  void remove() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
    std::filesystem::remove_all(path_.string() + ".tmp", ec);
  }
  std::filesystem::path path_;
};

}  // namespace dotsweep::test
