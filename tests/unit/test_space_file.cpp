#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "core/space/space_file.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {
std::vector<std::string> ids(const SearchSpace& s) {
  std::vector<std::string> out;
  for (const auto& c : s.configs) out.push_back(c.id());
  return out;
}
std::string space_error_of(const std::string& text) {
  return input_error_of([&] { parse_space_text(text, "variants/x.toml"); });
}
}  // namespace

TEST_CASE("a space that declares no configuration is refused, not read as the default config") {
  for (const char* text : {"", "# only a comment\n\n", "name = \"mine\"\n", "[axes]\n",
                           "[axes]\n[[exclude]]\nblock = 256\n"}) {
    CAPTURE(text);
    const std::string msg = space_error_of(text);
    CHECK(msg == "variants/x.toml: the space declares no configuration: give at least one [axes] value or "
                 "[[include]] (docs/space_files.md)");
  }
  // One axis value, or one include, is enough.
  CHECK(parse_space_text("[axes]\nblock = [256]\n", "s").configs.size() == 1);
  // (the axes' defaults still make one config, the include a second)
  CHECK(parse_space_text("[[include]]\nblock = 128\n", "s").configs.size() == 2);
  CHECK(parse_space_text("[axes]\nblock = [256]\n", "s").configs[0].id() == VariantConfig{}.id());
}

TEST_CASE("name, description and source text") {
  const std::string text = "name = \"mine\"\ndescription = \"a test\"\n[axes]\nblock = [256]\n";
  const auto s = parse_space_text(text, "variants/quick.toml");
  CHECK(s.name == "mine");
  CHECK(s.source_text == text);
}

TEST_CASE("cartesian product in axis order, last axis fastest, layout following reduce") {
  const auto s = parse_space_text(R"(
[axes]
block = [128, 256]
items = [1, 4]
reduce = ["tree", "shuffle"]
)",
                                  "x.toml");
  CHECK(ids(s) == std::vector<std::string>{
                      "f32.b128.i1.v1.cover.seq.tree.2pass.plain.f32",
                      "f32.b128.i1.v1.cover.warp.shfl.2pass.plain.f32",
                      "f32.b128.i4.v1.cover.seq.tree.2pass.plain.f32",
                      "f32.b128.i4.v1.cover.warp.shfl.2pass.plain.f32",
                      "f32.b256.i1.v1.cover.seq.tree.2pass.plain.f32",
                      "f32.b256.i1.v1.cover.warp.shfl.2pass.plain.f32",
                      "f32.b256.i4.v1.cover.seq.tree.2pass.plain.f32",
                      "f32.b256.i4.v1.cover.warp.shfl.2pass.plain.f32",
                  });
}

TEST_CASE("every axis listed multiplies out") {
  const auto s = parse_space_text(R"(
[axes]
type = ["f32"]
block = [128, 256]
items = [1, 4]
vec = [1, 4]
grid = ["cover", "persistent:1", "persistent:2"]
layout = ["sequential", "warp_partials"]
reduce = ["tree", "shuffle"]
finish = ["two_pass", "atomic"]
hint = ["plain"]
acc = ["own"]
)",
                                  "x.toml");
  CHECK(s.configs.size() == 2 * 2 * 2 * 3 * 2 * 2 * 2);
  // Invalid layout/reduce pairs stay: the planner records why they cannot run.
  int invalid = 0;
  for (const auto& c : s.configs) invalid += rejection_reason(c, DeviceLimits{}).has_value();
  CHECK(invalid == static_cast<int>(s.configs.size()) / 2);
  CHECK(s.configs[1].id() == "f32.b128.i1.v1.cover.seq.tree.atomic.plain.f32");
  CHECK(s.configs[2].id() == "f32.b128.i1.v1.cover.seq.shfl.2pass.plain.f32");
  CHECK(s.configs.back().id() == "f32.b256.i4.v4.p2.warp.shfl.atomic.plain.f32");
}

TEST_CASE("exclude drops configs matching all its keys") {
  const auto s = parse_space_text(R"(
[axes]
grid = ["cover", "persistent:1"]
items = [1, 8]
[[exclude]]
grid = "cover"
items = 8
)",
                                  "x.toml");
  CHECK(ids(s) == std::vector<std::string>{
                      "f32.b256.i1.v1.cover.seq.tree.2pass.plain.f32",
                      "f32.b256.i1.v1.p1.seq.tree.2pass.plain.f32",
                      "f32.b256.i8.v1.p1.seq.tree.2pass.plain.f32",
                  });
}

TEST_CASE("exclude matches a layout derived from reduce") {
  const auto s = parse_space_text(R"(
[axes]
reduce = ["tree", "shuffle"]
[[exclude]]
layout = "warp_partials"
)",
                                  "x.toml");
  REQUIRE(s.configs.size() == 1);
  CHECK(s.configs[0].reduce == BlockReduce::tree);
}

TEST_CASE("include adds a config from the first listed values") {
  const auto s = parse_space_text(R"(
[axes]
block = [128, 256]
reduce = ["shuffle", "tree"]
finish = ["atomic", "two_pass"]
[[include]]
block = 1024
items = 8
[[include]]
reduce = "tree"
block = 64
layout = "warp_partials"
)",
                                  "x.toml");
  REQUIRE(s.configs.size() == 2 * 2 * 2 + 2);
  CHECK(s.configs[8].id() == "f32.b1024.i8.v1.cover.warp.shfl.atomic.plain.f32");
  // An explicit layout in an include wins over following reduce.
  CHECK(s.configs[9].id() == "f32.b64.i1.v1.cover.warp.tree.atomic.plain.f32");
}

TEST_CASE("include is not excluded, and duplicates keep the first occurrence") {
  const auto s = parse_space_text(R"(
[axes]
block = [128, 128, 256]
[[exclude]]
block = 256
[[include]]
block = 256
[[include]]
block = 128
)",
                                  "x.toml");
  CHECK(ids(s) == std::vector<std::string>{
                      "f32.b128.i1.v1.cover.seq.tree.2pass.plain.f32",
                      "f32.b256.i1.v1.cover.seq.tree.2pass.plain.f32",
                  });
}

TEST_CASE("persistent:k is normalised") {
  const auto s = parse_space_text("[axes]\ngrid = [\"persistent:02\", \"persistent:2\"]\n", "x.toml");
  REQUIRE(s.configs.size() == 1);
  CHECK(s.configs[0].grid == GridKind::persistent);
  CHECK(s.configs[0].persistent_k == 2);
}

TEST_CASE("errors name the origin, the key and the expected form, on one line") {
  struct Case {
    const char* text;
    std::vector<const char*> parts;
  };
  const std::vector<Case> cases = {
      {"[axes]\nblock = [", {"variants/x.toml:", "TOML syntax error"}},
      {"foo = 1\n", {"variants/x.toml:1:", "'foo'", "unknown top-level key"}},
      {"name = 3\n", {"'name'", "expected a string"}},
      {"description = [1]\n", {"'description'", "expected a string"}},
      {"axes = 3\n", {"'axes'", "table"}},
      {"[axes]\nblok = [1]\n", {"variants/x.toml:2:", "axes.blok", "unknown axis", "block"}},
      {"[axes]\nblock = [\"x\"]\n", {"axes.block", "expected an integer", "string \"x\""}},
      {"[axes]\nblock = 256\n", {"axes.block", "expected an array"}},
      {"[axes]\nblock = [1.5]\n", {"axes.block", "expected an integer"}},
      {"[axes]\nblock = [9999999999]\n", {"axes.block", "out of range"}},
      {"[axes]\nreduce = [\"tre\"]\n", {"axes.reduce", "unknown reduce \"tre\"", "tree, tree_warp_tail, shuffle, cg_reduce"}},
      {"[axes]\nlayout = [1]\n", {"axes.layout", "\"sequential\", \"padded\", \"warp_partials\""}},
      {"[axes]\nitems = []\n", {"axes.items", "empty"}},
      {"[axes]\ngrid = [\"persistent:x\"]\n", {"axes.grid", "persistent:<k>"}},
      {"[axes]\ngrid = [\"persistent:\"]\n", {"axes.grid", "persistent:<k>"}},
      {"[axes]\ngrid = [\"persistent:-1\"]\n", {"axes.grid", "persistent:<k>"}},
      {"[axes]\ngrid = [\"persist:2\"]\n", {"axes.grid", "persistent:<k>"}},
      {"[[include]]\nfoo = 1\n", {"[[include]] #1", "'foo'", "not an axis"}},
      {"[[exclude]]\nblock = 1\n[[exclude]]\nbar = 1\n",
       {"variants/x.toml:4:", "[[exclude]] #2", "'bar'", "not an axis"}},
      {"[[exclude]]\nblock = [1, 2]\n", {"[[exclude]] #1", "'block'", "single value"}},
      {"[[exclude]]\ngrid = 3\n", {"'grid'", "cover"}},
      {"[[include]]\nfinish = \"fast\"\n", {"'finish'", "two_pass, atomic"}},
      {"exclude = 5\n", {"'exclude'", "array of tables"}},
      {"exclude = [5]\n", {"[[exclude]] #1", "expected a table"}},
      {"[[exclude]]\n", {"[[exclude]] #1", "empty"}},
  };
  for (const auto& c : cases) {
    CAPTURE(c.text);
    const std::string msg = space_error_of(c.text);
    CAPTURE(msg);
    CHECK(contains(msg, "variants/x.toml"));
    CHECK_FALSE(contains(msg, "\n"));
    for (const char* part : c.parts) CHECK(contains(msg, part));
  }
}

TEST_CASE("load_space_file reads a file and names the space by its stem") {
  test::TempPath path("space_quick.toml");
  std::ofstream(path.str()) << "[axes]\nblock = [64, 128]\n";
  const auto s = load_space_file(path.str());
  CHECK(s.name == "dotsweep_unit_" + std::to_string(::getpid()) + "_space_quick");
  CHECK(s.configs.size() == 2);
  CHECK(contains(s.source_text, "block = [64, 128]"));
}

TEST_CASE("load_space_file on a missing file") {
  const std::string msg = input_error_of([] { load_space_file("/nonexistent/dir/space.toml"); });
  CHECK(msg == "cannot read space file '/nonexistent/dir/space.toml': No such file or directory");
}

TEST_CASE("load_space_file refuses anything but a regular file, before reading it") {
  CHECK(input_error_of([] { load_space_file("/dev/zero"); }) ==
        "space file '/dev/zero' is not a regular file (a device, pipe or socket); give a .toml file");
  CHECK(contains(input_error_of([] { load_space_file("/dev/null"); }), "is not a regular file"));
  const std::string folder = std::filesystem::temp_directory_path().string();
  CHECK(input_error_of([&] { load_space_file(folder); }) == "space file '" + folder + "' is a folder; give a .toml file");
}

TEST_CASE("load_space_file reads up to kMaxSpaceFileBytes and refuses one byte more") {
  test::TempPath path("space_big.toml");
  const std::string axes = "[axes]\nblock = [256]\n";
  const auto write = [&](std::size_t bytes) {  // the axes, padded with a comment to `bytes`
    std::ofstream(path.str()) << axes << "#" << std::string(bytes - axes.size() - 2, 'x') << "\n";
    REQUIRE(std::filesystem::file_size(path.str()) == bytes);
  };
  write(kMaxSpaceFileBytes);
  CHECK(load_space_file(path.str()).configs.size() == 1);
  write(kMaxSpaceFileBytes + 1);
  CHECK(input_error_of([&] { load_space_file(path.str()); }) ==
        "space file '" + path.str() + "' is 1048577 bytes; the limit for a space file is 1048576 bytes (1 MiB)");
}

namespace {
std::string numbers(int from, int to) {
  std::string out;
  for (int i = from; i <= to; ++i) out += (out.empty() ? "" : ", ") + std::to_string(i);
  return out;
}
}  // namespace

TEST_CASE("a space expanding past max_configs is refused before it is built, with the count and the limit") {
  // 1600^3 = 4.1e9 combinations once ran out of memory after a minute; now
  // the product of the axis sizes is refused at once.
  const std::string huge = "[axes]\nblock = [" + numbers(1, 1600) + "]\nitems = [" + numbers(1, 1600) +
                           "]\nvec = [" + numbers(1, 1600) + "]\n";
  CHECK(space_error_of(huge) ==
        "variants/x.toml: the space expands to 4096000000 configurations (1600 block x 1600 items x 1600 vec before "
        "[[exclude]]), over the limit of 10000; narrow the axes or raise the limit with --max-configs N");

  // The limit counts the [[include]]s, and is inclusive.
  const std::string hundred = "[axes]\nblock = [" + numbers(1, 10) + "]\nitems = [" + numbers(1, 10) + "]\n";
  CHECK(parse_space_text(hundred, "s", 100).configs.size() == 100);
  const std::string with_include = hundred + "[[include]]\nblock = 999\n";
  CHECK(parse_space_text(with_include, "s", 101).configs.size() == 101);
  const std::string over = input_error_of([&] { parse_space_text(with_include, "s.toml", 100); });
  CHECK(contains(over, "expands to 101 configurations (10 block x 10 items before [[exclude]], plus 1 [[include]])"));
  CHECK(contains(over, "over the limit of 100"));
  CHECK(contains(over, "--max-configs"));

  // Excludes are not subtracted (counting them would mean building the space),
  // but a value listed twice adds nothing and is not counted.
  CHECK_THROWS_AS(parse_space_text(hundred + "[[exclude]]\nblock = 1\n", "s", 99), InputError);
  CHECK(parse_space_text("[axes]\nblock = [256, 256, 128, 256]\n", "s", 2).configs.size() == 2);

  // Saturating: many long axes cannot wrap into a small count.
  std::string wide = "[axes]\n";
  for (const char* axis : {"block", "items", "vec"}) wide += std::string(axis) + " = [" + numbers(1, 300000) + "]\n";
  wide += "grid = [\"cover\"";
  for (int k = 1; k <= 9999; k += 1) wide += ", \"persistent:" + std::to_string(k) + "\"";
  wide += "]\n";
  const std::string saturated = input_error_of([&] { parse_space_text(wide, "s", kDefaultMaxConfigs); });
  CHECK(contains(saturated, "expands to more than 1.8e19 configurations"));  // 2.7e20

  // The embedded-size default limit lets the shipped spaces through: every
  // committed space file, the studies the docs cite included.
  CHECK(kDefaultMaxConfigs == 10000);
  int shipped = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(DOTSWEEP_SOURCE_ROOT) + "/variants")) {
    if (entry.path().extension() != ".toml") continue;
    CAPTURE(entry.path().string());
    CHECK_FALSE(load_space_file(entry.path().string()).configs.empty());
    ++shipped;
  }
  CHECK(shipped >= 4);  // default, quick and the studies under variants/studies
  CHECK(contains(input_error_of([] { load_space_file(std::string(DOTSWEEP_SOURCE_ROOT) + "/variants/default.toml", 10); }),
                 "over the limit of 10"));
}
