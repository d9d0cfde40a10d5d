// core/io/command_paths.hpp: an output never names an input, nor another output.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/io/command_paths.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using test::contains;
using test::input_error_of;

namespace fs = std::filesystem;

namespace {
std::string refusal(const CommandPaths& paths) {
  return input_error_of([&] { paths.require_apart(); });
}
}  // namespace

TEST_CASE("same_path: one file by any spelling, link or hard link; a new file by its canonical path") {
  test::TempPath dir("paths_same");
  fs::create_directories(dir.str() + "/sub");
  const std::string a = dir.str() + "/a.csv";
  std::ofstream(a) << "x\n";
  CHECK(same_path(a, a));
  CHECK(same_path(a, dir.str() + "/sub/../a.csv"));
  CHECK(same_path(a, dir.str() + "/./a.csv"));
  fs::create_symlink(a, dir.str() + "/link.csv");
  CHECK(same_path(a, dir.str() + "/link.csv"));
  fs::create_hard_link(a, dir.str() + "/hard.csv");
  CHECK(same_path(a, dir.str() + "/hard.csv"));
  std::ofstream(dir.str() + "/b.csv") << "x\n";  // the same text is another file
  CHECK_FALSE(same_path(a, dir.str() + "/b.csv"));
  CHECK_FALSE(same_path(a, dir.str() + "/new.csv"));  // one exists, the other not
  CHECK(same_path(dir.str() + "/new.csv", dir.str() + "/sub/../new.csv"));
  CHECK_FALSE(same_path(dir.str() + "/new.csv", dir.str() + "/new2.csv"));
  CHECK(same_path(dir.str() + "/sub", dir.str() + "/sub/"));
  CHECK(same_path(dir.str() + "/new", dir.str() + "/new/"));
  // Two new files, one named through a link to the folder of the other.
  fs::create_directory_symlink(dir.str() + "/sub", dir.str() + "/sublink");
  CHECK(same_path(dir.str() + "/sublink/new.md", dir.str() + "/sub/new.md"));
}

TEST_CASE("path_within: the folder itself and what lies under it, not a sibling with a longer name") {
  test::TempPath dir("paths_within");
  fs::create_directories(dir.str() + "/tree/deep");
  fs::create_directories(dir.str() + "/treetop");
  CHECK(path_within(dir.str() + "/tree", dir.str() + "/tree"));
  CHECK(path_within(dir.str() + "/tree/deep/x.cuh", dir.str() + "/tree"));
  CHECK(path_within(dir.str() + "/tree/new/x.cuh", dir.str() + "/tree"));
  CHECK_FALSE(path_within(dir.str() + "/treetop/x.cuh", dir.str() + "/tree"));
  CHECK_FALSE(path_within(dir.str(), dir.str() + "/tree"));
}

TEST_CASE("an output that is an input is refused, naming both options and paths") {
  test::TempPath dir("paths_clash");
  fs::create_directories(dir.str());
  const std::string b = dir.str() + "/B.csv", c = dir.str() + "/C.csv";
  std::ofstream(b) << "x\n";
  std::ofstream(c) << "y\n";
  CommandPaths paths;
  paths.input("--baseline", b);
  paths.input("--current", c);
  paths.output_file("--junit", dir.str() + "/./B.csv");
  CHECK(refusal(paths) == "--junit '" + dir.str() + "/./B.csv' is --baseline '" + b +
                              "': writing it would destroy that input; name another file");

  CommandPaths apart;  // other names, and an output that does not exist yet
  apart.input("--baseline", b);
  apart.input("--current", c);
  apart.output_file("--junit", dir.str() + "/gate.xml");
  apart.output_file("--markdown", dir.str() + "/gate.md");
  CHECK(refusal(apart) == "");
}

TEST_CASE("two outputs naming one file are refused; a device named twice is not") {
  test::TempPath dir("paths_outputs");
  fs::create_directories(dir.str());
  CommandPaths paths;
  paths.output_file("--junit", dir.str() + "/x.xml");
  paths.output_file("--markdown", dir.str() + "/x.xml");
  CHECK(refusal(paths) == "--junit '" + dir.str() + "/x.xml' and --markdown '" + dir.str() +
                              "/x.xml' name the same file: give each output its own");
  CommandPaths devices;
  devices.output_file("--junit", "/dev/null");
  devices.output_file("--markdown", "/dev/null");
  devices.input("report", "/dev/null");
  CHECK(refusal(devices) == "");
}

TEST_CASE("an output folder: itself and each file it writes are kept apart from inputs and outputs") {
  test::TempPath dir("paths_folder");
  fs::create_directories(dir.str() + "/R");
  const std::string r = dir.str() + "/R";
  std::ofstream(r + "/context.json") << "{}\n";
  {
    CommandPaths paths;  // report R -o R
    paths.input("report", r);
    paths.output_folder("--out", r, {"sweep.csv", "context.json"});
    CHECK(refusal(paths) == "--out '" + r + "' is report '" + r +
                                "': writing it would destroy that input; name another folder");
  }
  {
    CommandPaths paths;  // report X.csv -o R --context R/context.json
    paths.input("--context", r + "/context.json");
    paths.output_folder("--out", r, {"sweep.csv", "context.json"});
    CHECK(refusal(paths) == "--out '" + r + "' would write " + r + "/context.json, which is --context '" + r +
                                "/context.json': writing it would destroy that input; name another folder");
  }
  {
    CommandPaths paths;  // ab --out D --markdown D/ab.md: a file the folder writes, named by another output
    paths.output_folder("--out", dir.str() + "/D", {"a.csv", "ab.md"});
    paths.output_file("--markdown", dir.str() + "/D/ab.md");
    CHECK(refusal(paths) == "--out '" + dir.str() + "/D' would write " + dir.str() +
                                "/D/ab.md, which --markdown '" + dir.str() +
                                "/D/ab.md' names too: give each output its own file");
  }
  {
    CommandPaths paths;  // the same, declared the other way round
    paths.output_file("--header", dir.str() + "/D/ab.md");
    paths.output_folder("--kernel-tuner", dir.str() + "/D", {"ab.md"});
    CHECK(contains(refusal(paths), "--kernel-tuner '" + dir.str() + "/D' would write " + dir.str() +
                                       "/D/ab.md, which --header '" + dir.str() + "/D/ab.md' names too"));
  }
  {
    CommandPaths paths;  // a file beside the folder's own is fine, and so is an input inside it under another name
    paths.input("--context", r + "/context.json");
    paths.output_folder("--out", r, {"sweep.csv"});
    paths.output_file("--markdown", r + "/notes.md");
    CHECK(refusal(paths) == "");
  }
}

TEST_CASE("an input tree: no output is the tree or one of its files; a new file or folder inside it is fine") {
  test::TempPath dir("paths_tree");
  fs::create_directories(dir.str() + "/K/detail");
  const std::string k = dir.str() + "/K";
  std::ofstream(k + "/dot_kernel.cuh") << "\n";
  std::ofstream(k + "/detail/load.cuh") << "\n";
  {
    CommandPaths paths;
    paths.input_tree("--kernels-b", k);
    paths.output_file("--markdown", k + "/detail/load.cuh");
    CHECK(refusal(paths) == "--markdown '" + k + "/detail/load.cuh' is a file inside --kernels-b '" + k +
                                "', a folder that is read: writing it would destroy that input; name another file");
  }
  {
    CommandPaths paths;
    paths.input_tree("--kernels", k);
    paths.output_folder("--out", k, {"sweep.csv"});
    CHECK(contains(refusal(paths), "--out '" + k + "' is --kernels '" + k + "'"));
  }
  {
    CommandPaths paths;
    paths.input_tree("--kernels", k);
    paths.output_folder("--out", k + "/run", {"sweep.csv"});
    paths.output_file("--markdown", k + "/notes.md");
    CHECK(refusal(paths) == "");
  }
}

TEST_CASE("empty paths (an option left out) are not declared") {
  CommandPaths paths;
  paths.input("--space", "");
  paths.input_tree("--kernels", "");
  paths.output_file("--junit", "");
  paths.output_file("--markdown", "");
  paths.output_folder("--out", "", {"sweep.csv"});
  CHECK(refusal(paths) == "");
}
