// A kernel tree: a folder holding dot_kernel.cuh and the headers it includes
// with quotes. NVRTC compiles one self-contained text, so the quoted includes
// are inlined; the same function makes the source built into the binary
// (tools/embed_source.cpp, at build time) and the source `dotsweep ab` reads
// from a folder at run time, so both are the same text for the same files.
#pragma once

#include <string>

namespace dotsweep {

// The file NVRTC compiles, in every kernel tree.
inline constexpr const char* kKernelMainFile = "dot_kernel.cuh";

// `path` with each quoted include of a file beside it ("dot_policy.cuh")
// inlined once, between #line directives, so NVRTC's messages still name the
// real file and line and the text covers every header (the cubin cache keys
// on it). An include may be followed by comments that end on its line.
// `#pragma once` lines become blank; angle includes (<cuda_fp16.h>) are left
// for NVRTC's include path. Throws InputError naming the file and line of an
// include that is not beside it or has more than comments after it, or a
// file that cannot be read.
std::string inline_quoted_includes(const std::string& path);

// The source of the kernel tree in `dir`: its dot_kernel.cuh, inlined.
// Throws InputError, one line starting with `option` and the folder, when
// `dir` is not a folder, has no dot_kernel.cuh, an include is missing, a file
// is not a regular file or is over 1 MiB, or the inlined text passes 8 MiB
// (core/io/file_bytes.hpp).
std::string read_kernel_tree(const std::string& dir, const std::string& option);

}  // namespace dotsweep
