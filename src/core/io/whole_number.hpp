// The one reader of whole numbers as typed: in an option (--device, --top,
// ...), an item of a list (--sizes, --devices, --gpus, --shard) or an
// environment variable (DOTSWEEP_WORKER_FD). Only the ends are trimmed:
// whitespace inside is refused, never deleted (`--sizes "4096 8192"` once read
// as n = 40968192), and so is a leading zero (010 is 10 to some readers, 8 to
// others).
#pragma once

#include <cstdint>
#include <string>

namespace dotsweep {

// `text` without the whitespace (spaces, tabs, line ends) at its ends.
std::string trimmed(const std::string& text);

struct WholeNumber {
  bool negative = false;
  std::uint64_t magnitude = 0;
};

// "" and the number in `number` when `text`, its ends trimmed, is a plain
// decimal number ("-" in front only when `sign_allowed`); else why not, in
// words that follow the quoted text: "is empty", "has whitespace inside",
// "is not a whole decimal number", "has a leading zero; write 10", "is past
// 18446744073709551615".
std::string read_whole_number(const std::string& text, WholeNumber& number, bool sign_allowed = false);

}  // namespace dotsweep
