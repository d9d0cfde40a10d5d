// Whole-file reads for the report readers: plain text or gzip (committed
// reports are gzipped to keep clones small, so every reader accepts .csv.gz),
// through the one bounded reader (core/io/bounded_file.hpp).
#pragma once

#include <string>

#include "core/io/bounded_file.hpp"

namespace dotsweep {

// The file's text; a name ending in .gz is inflated. Throws InputError naming
// the file when it cannot be read, is not a regular file, is over kind's
// limit (kReportKind: 1 GiB of text), or is not valid gzip.
inline std::string read_text_file(const std::string& path, const FileKind& kind = kReportKind) {
  return read_file_text(path, kind);
}

}  // namespace dotsweep
