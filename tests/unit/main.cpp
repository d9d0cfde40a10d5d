// The doctest runner; the tests live in one test_<component>.cpp per core file.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
