// devices.csv and devices.md of a --devices sweep: the round trip a resume
// reads, the refusals, the whole command's exit status, and what people read.
#include <doctest/doctest.h>

#include "core/report/device_index.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using dotsweep::test::contains;
using dotsweep::test::input_error_of;

namespace {
std::vector<DeviceRun> two_gpus(std::optional<int> first, std::optional<int> second) {
  return {{0, "NVIDIA H200", "GPU-aaaa", "gpu0", first, 312.5}, {1, "NVIDIA H200", "GPU-bbbb", "gpu1", second, 320.25}};
}
}  // namespace

TEST_CASE("devices.csv round trip, an unfinished GPU included") {
  const std::vector<DeviceRun> runs = two_gpus(0, std::nullopt);
  const std::string csv = device_index_csv(runs);
  CHECK(csv.rfind("device,gpu,gpu_uuid,folder,exit_status,seconds\n", 0) == 0);
  const std::vector<DeviceRun> back = read_device_index(csv, "devices.csv");
  REQUIRE(back.size() == 2);
  CHECK(back[0].device == 0);
  CHECK(back[1].device == 1);
  CHECK(back[1].gpu == "NVIDIA H200");
  CHECK(back[1].gpu_uuid == "GPU-bbbb");
  CHECK(back[1].folder == "gpu1");
  CHECK(back[0].exit_status == 0);
  CHECK_FALSE(back[1].exit_status.has_value());
  CHECK(back[0].seconds == doctest::Approx(312.5));
  CHECK(device_folder_name(7) == "gpu7");
}

TEST_CASE("read_device_index refuses what is not an index, naming the file") {
  const auto refusal = [](const std::string& text) { return input_error_of([&] { read_device_index(text, "x/devices.csv"); }); };
  CHECK(contains(refusal("device,gpu\n0,H200\n"), "x/devices.csv: not the index of a --devices sweep"));
  CHECK(contains(refusal("device,gpu,gpu_uuid,folder,exit_status,seconds\n"), "x/devices.csv: lists no GPU"));
  const std::string head = "device,gpu,gpu_uuid,folder,exit_status,seconds\n";
  CHECK(contains(refusal(head + "one,H200,GPU-a,gpu0,0,1\n"), "row 1: 'one' is not a whole number"));
  CHECK(contains(refusal(head + "0,H200,GPU-a,gpu0,0x,1\n"), "'0x' is not a whole number"));
  CHECK(contains(refusal(head + "0,H200,GPU-a,../elsewhere,0,1\n"), "is not a folder inside the index's"));
  CHECK(contains(refusal(head + "0,H200,GPU-a,..,0,1\n"), "is not a folder inside the index's"));
  CHECK(contains(refusal(head + "0,H200,GPU-a,,0,1\n"), "is not a folder inside the index's"));
  CHECK(contains(refusal(head + "0,H200,GPU-a,gpu0,0,fast\n"), "seconds 'fast' is not a number of seconds"));
  CHECK(contains(refusal(head + "0,H200,GPU-a,gpu0,0,1.5s\n"), "seconds '1.5s' is not a number of seconds"));
  CHECK(contains(refusal(head + "0,H200,GPU-a,gpu0,0,-1\n"), "seconds '-1' is not a number of seconds"));
  CHECK(contains(refusal(head + "0,H200,GPU-a,gpu0,0,\n"), "seconds '' is not a number of seconds"));
}

TEST_CASE("the whole command's exit status: interrupted first, then the first failure, else 0") {
  CHECK(device_runs_exit_status(two_gpus(0, 0)) == 0);
  CHECK(device_runs_exit_status(two_gpus(0, 4)) == 4);
  CHECK(device_runs_exit_status(two_gpus(2, 4)) == 2);
  CHECK(device_runs_exit_status(two_gpus(4, 130)) == 130);
  CHECK(device_runs_exit_status(two_gpus(0, std::nullopt)) == 130);  // never ended: resumable
  CHECK(device_runs_exit_status(two_gpus(1, std::nullopt)) == 1);
}

TEST_CASE("devices.md: a row per GPU, the fleet's verdict, and the resume command only when one is needed") {
  const std::string done = device_index_markdown(two_gpus(0, 0), "`fleet.md`: PASS, every GPU within the others' noise.", "dotsweep --resume out");
  CHECK(contains(done, "| 1 | NVIDIA H200 | GPU-bbbb | `gpu1/` | 0 | 320 |"));
  CHECK(contains(done, "`fleet.md`: PASS, every GPU within the others' noise."));
  CHECK_FALSE(contains(done, "--resume"));
  const std::string cut = device_index_markdown(two_gpus(0, 130), "No fleet.", "dotsweep --resume out");
  CHECK(contains(cut, "| 1 | NVIDIA H200 | GPU-bbbb | `gpu1/` | 130 |"));
  CHECK(contains(cut, "Resume the unfinished GPUs: `dotsweep --resume out`"));
  CHECK(contains(device_index_markdown(two_gpus(0, std::nullopt), "", "r"), "| `gpu1/` | - |"));
}
