#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "core/space/kernel_tree.hpp"
#include "dot_kernel_source.hpp"
#include "test_support.hpp"

using namespace dotsweep;
namespace fs = std::filesystem;

namespace {
void tree_write(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}
int tree_occurrences(const std::string& text, const std::string& part) {
  int count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}
}  // namespace

TEST_CASE("the kernel tree read at run time is the text built into the binary") {
  // One inliner for both: `dotsweep ab --kernels-b kernels` compiles exactly what the sweep does.
  CHECK(read_kernel_tree(std::string(DOTSWEEP_SOURCE_ROOT) + "/kernels", "--kernels-b") ==
        std::string(kDotKernelSource));
}

TEST_CASE("quoted includes beside the file are inlined once, between #line directives") {
  const fs::path dir = fs::temp_directory_path() / ("dotsweep_kernel_tree_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  tree_write(dir / "dot_kernel.cuh", "#pragma once\n#include \"a.cuh\"\n#include <cuda_fp16.h>\n#include \"a.cuh\"\nmain body\n");
  tree_write(dir / "a.cuh", "#pragma once\n#include \"b.h\"\nA body\n");
  tree_write(dir / "b.h", "B body");  // no final newline
  const std::string text = read_kernel_tree(dir.string(), "--kernels-a");
  CHECK(text ==
        "#line 1 \"dot_kernel.cuh\"\n\n#line 1 \"a.cuh\"\n\n#line 1 \"b.h\"\nB body#line 3 \"a.cuh\"\nA body\n"
        "#line 3 \"dot_kernel.cuh\"\n#include <cuda_fp16.h>\n#line 5 \"dot_kernel.cuh\"\nmain body\n");
  CHECK(tree_occurrences(text, "A body") == 1);

  SUBCASE("an edit to an included header changes the text (the cubin cache keys on it)") {
    tree_write(dir / "b.h", "B body, slower");
    CHECK(read_kernel_tree(dir.string(), "--kernels-a") != text);
  }
  SUBCASE("a missing include names the file, the line and the include") {
    tree_write(dir / "a.cuh", "\n\n#include \"gone.cuh\"\n");
    const std::string why = test::input_error_of([&] { read_kernel_tree(dir.string(), "--kernels-b"); });
    CHECK(why.find("--kernels-b '" + dir.string() + "': ") == 0);
    CHECK(why.find("a.cuh:3: includes \"gone.cuh\", which is not beside it") != std::string::npos);
  }
  SUBCASE("an include followed by comments that end on its line is inlined as a compiler reads it") {
    tree_write(dir / "dot_kernel.cuh", "#include \"a.cuh\" // why\n  #  include\"b.h\"/* x */ /**/\t// y\r\nmain body\n");
    tree_write(dir / "a.cuh", "A body\n");
    CHECK(read_kernel_tree(dir.string(), "--kernels-a") ==
          "#line 1 \"dot_kernel.cuh\"\n#line 1 \"a.cuh\"\nA body\n#line 2 \"dot_kernel.cuh\"\n"
          "#line 1 \"b.h\"\nB body#line 3 \"dot_kernel.cuh\"\nmain body\n");
  }
  SUBCASE("an include followed by anything else is refused, naming the file, the line and the include") {
    const std::string accepted = "'; accepted: #include \"FILE\" alone on its line, or followed by a // comment or a "
                                 "/* */ comment that ends on that line";
    for (const std::string& include :
         {std::string("#include \"a.cuh\" policy"), std::string("#include \"a.cuh\" /* going on below"),
          std::string("#include \"a.cuh\" /* x */ y"), std::string("#include \"a.cuh"), std::string("#include \"\"")}) {
      CAPTURE(include);
      tree_write(dir / "dot_kernel.cuh", "main body\n   " + include + "  \n");
      CHECK(test::input_error_of([&] { read_kernel_tree(dir.string(), "--kernels-b"); }) ==
            "--kernels-b '" + dir.string() + "': " + (dir / "dot_kernel.cuh").string() + ":2: cannot read the include '" +
                include + accepted);
    }
    // Angle includes, #include_next and a macro are NVRTC's, passed on as they are.
    tree_write(dir / "dot_kernel.cuh", "#include <cuda_fp16.h> // why\n#include_next \"x.h\"\n#include HEADER\n");
    CHECK(read_kernel_tree(dir.string(), "--kernels-a") ==
          "#line 1 \"dot_kernel.cuh\"\n#include <cuda_fp16.h> // why\n#include_next \"x.h\"\n#include HEADER\n");
  }
  SUBCASE("a folder without dot_kernel.cuh, and no folder at all") {
    fs::remove(dir / "dot_kernel.cuh");
    CHECK(test::input_error_of([&] { read_kernel_tree(dir.string(), "--kernels-a"); }) ==
          "--kernels-a '" + dir.string() + "': not a kernel tree (it has no dot_kernel.cuh)");
    CHECK(test::input_error_of([&] { read_kernel_tree((dir / "none").string(), "--kernels-a"); }) ==
          "--kernels-a '" + (dir / "none").string() + "': no such folder");
  }
  fs::remove_all(dir);
}
