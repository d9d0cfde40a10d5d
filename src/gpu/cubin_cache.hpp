// On-disk store of compiled cubins and their lowered kernel names, keyed by a
// hash of everything that determines the output (source, options, name
// expressions, NVRTC version, arch). Writes are atomic (temp file + rename), so
// parallel compilers and concurrent sweeps never read a torn entry.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/report/text_digest.hpp"  // fnv1a_hex: the cache's keys

namespace dotsweep {

struct CubinEntry {
  std::vector<char> cubin;
  std::vector<std::string> lowered_names;
};

std::optional<CubinEntry> read_cubin_entry(const std::string& dir, const std::string& key);
// Best effort: a cache that cannot be written only costs a recompile.
// Returns false when the entry could not be written (or dir is empty).
bool write_cubin_entry(const std::string& dir, const std::string& key, const CubinEntry& entry);
// Why `dir` cannot serve as the cache (it cannot be created, or a file in it
// cannot be written: tried, then removed); empty when it can.
std::string cache_dir_problem(const std::string& dir);

}  // namespace dotsweep
