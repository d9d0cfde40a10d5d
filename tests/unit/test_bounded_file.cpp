// core/io/file_bytes.hpp and core/io/bounded_file.hpp: the one reader refuses
// what is not a regular file without blocking, and holds its limit on the
// size, while reading and while inflating, on both sides of the limit.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>

#include "core/io/bounded_file.hpp"
#include "test_support.hpp"

using namespace dotsweep;
using test::contains;
using test::input_error_of;

namespace {
constexpr FileKind kTiny{"tiny file", "a small file", 1000};

std::string gzip_of(const std::string& text) {
  z_stream zs{};
  REQUIRE(deflateInit2(&zs, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&zs, text.size()), '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  zs.avail_in = static_cast<uInt>(text.size());
  zs.next_out = reinterpret_cast<Bytef*>(out.data());
  zs.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&zs, Z_FINISH) == Z_STREAM_END);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}
}  // namespace

TEST_CASE("read_file_bytes: a FIFO, a device and a folder are refused without blocking or reading") {
  test::TempPath fifo("bounded_fifo");
  REQUIRE(::mkfifo(fifo.str().c_str(), 0600) == 0);  // no writer: an open without O_NONBLOCK would hang here
  CHECK(input_error_of([&] { read_file_bytes(fifo.str(), kReportKind); }) ==
        "report '" + fifo.str() + "' is not a regular file (a device, pipe or socket); give a sweep.csv, best.csv "
        "or .csv.gz file");
  CHECK(contains(input_error_of([] { read_file_bytes("/dev/zero", kContextKind); }),
                 "context file '/dev/zero' is not a regular file"));
  const std::string folder = std::filesystem::temp_directory_path().string();
  CHECK(input_error_of([&] { read_file_bytes(folder, kSpaceKind); }) ==
        "space file '" + folder + "' is a folder; give a .toml file");
  CHECK(input_error_of([] { read_file_bytes("/nonexistent/x.csv", kReportKind); }) ==
        "cannot read report '/nonexistent/x.csv': No such file or directory");
}

TEST_CASE("read_file_bytes: a file of exactly the limit is read, one byte more is refused by its size") {
  test::TempPath path("bounded_size");
  write_file(path.str(), std::string(1000, 'x'));
  CHECK(read_file_bytes(path.str(), kTiny).size() == 1000);
  write_file(path.str(), std::string(1001, 'x'));
  CHECK(input_error_of([&] { read_file_bytes(path.str(), kTiny); }) ==
        "tiny file '" + path.str() + "' is 1001 bytes; the limit for a tiny file is 1000 bytes (1000 bytes)");
  // A sparse file past the limit is refused before one byte is read.
  std::filesystem::resize_file(path.str(), std::uint64_t{50} << 30);
  CHECK(contains(input_error_of([&] { read_file_bytes(path.str(), kReportKind); }), "is 53687091200 bytes; the "
                 "limit for a report is 1073741824 bytes (1 GiB)"));
}

TEST_CASE("inflate_gzip: text up to the limit inflates, one byte more is refused while inflating") {
  const std::string at_limit(1000, 'a');
  CHECK(inflate_gzip(gzip_of(at_limit), "x.gz", kTiny, nullptr) == at_limit);
  CHECK(input_error_of([&] { inflate_gzip(gzip_of(at_limit + "b"), "x.gz", kTiny, nullptr); }) ==
        "tiny file 'x.gz' inflates past 1000 bytes; the limit for a tiny file is 1000 bytes (1000 bytes)");
  // Members one after another count together.
  const std::string half(500, 'h');
  CHECK(inflate_gzip(gzip_of(half) + gzip_of(half), "x.gz", kTiny, nullptr) == half + half);
  CHECK(contains(input_error_of([&] { inflate_gzip(gzip_of(half) + gzip_of(half + "!"), "x.gz", kTiny, nullptr); }),
                 "inflates past 1000 bytes"));
}

TEST_CASE("inflate_gzip: a cut-short last member is dropped when allowed, refused when not; damage names the byte") {
  const std::string first = gzip_of("first\n"), second = gzip_of("second\n");
  const std::string cut = first + second.substr(0, second.size() - 5);
  bool torn = false;
  CHECK(inflate_gzip(cut, "s.gz", kSamplesKind, &torn) == "first\n");
  CHECK(torn);
  CHECK(inflate_gzip(first + second, "s.gz", kSamplesKind, &torn) == "first\nsecond\n");
  CHECK_FALSE(torn);
  CHECK(contains(input_error_of([&] { inflate_gzip(cut, "r.csv.gz", kReportKind, nullptr); }),
                 "cannot read 'r.csv.gz': truncated gzip"));
  CHECK(contains(input_error_of([&] { inflate_gzip(first + "not gzip", "r.csv.gz", kReportKind, nullptr); }),
                 "not valid gzip: damaged member at byte " + std::to_string(first.size())));
  CHECK(inflate_gzip("", "empty.gz", kReportKind, nullptr).empty());
}

TEST_CASE("read_file_text: .gz inflated, other names as stored, each within its kind's limit") {
  test::TempPath plain("bounded_text.csv"), gz("bounded_text.csv.gz");
  write_file(plain.str(), "a,b\n1,2\n");
  write_file(gz.str(), gzip_of("a,b\n1,2\n"));
  CHECK(read_file_text(plain.str(), kReportKind) == "a,b\n1,2\n");
  CHECK(read_file_text(gz.str(), kReportKind) == "a,b\n1,2\n");
  write_file(gz.str(), gzip_of(std::string(1001, 'z')));  // 1001 bytes inflated from far fewer stored
  CHECK(contains(input_error_of([&] { read_file_text(gz.str(), kTiny); }), "inflates past 1000 bytes"));
}

TEST_CASE("byte_limit_text names whole MiB and GiB") {
  CHECK(byte_limit_text(kMiB) == "1 MiB");
  CHECK(byte_limit_text(64 * kMiB) == "64 MiB");
  CHECK(byte_limit_text(2 * kGiB) == "2 GiB");
  CHECK(byte_limit_text(1000) == "1000 bytes");
}
