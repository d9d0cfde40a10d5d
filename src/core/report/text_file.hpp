// Whole-file reads for the report readers: plain text or gzip (committed
// reports are gzipped to keep clones small, so every reader accepts .csv.gz).
#pragma once

#include <string>

namespace dotsweep {

// The file's text; a name ending in .gz is decompressed. Throws InputError
// naming the file when it cannot be read or is not valid gzip.
std::string read_text_file(const std::string& path);

}  // namespace dotsweep
