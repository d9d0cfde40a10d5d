#include "core/export/nvbench_json.hpp"

#include <charconv>
#include <map>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "core/export/nvbench_bulk.hpp"
#include "core/input_error.hpp"
#include "core/stats/ranking.hpp"
#include "core/space/variant_axes.hpp"

namespace dotsweep {

namespace {

using nlohmann::ordered_json;

// A row's interquartile range over the standard deviation of the normal
// distribution with that IQR.
constexpr double kIqrPerSigma = 1.349;

// NVBench writes every number of a summary, axis value and sample count as a string.
std::string text(double v) {
  char buf[64];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  return std::string(buf, end);
}

ordered_json summary(const char* tag, const char* name, const char* hint, const char* description, const char* type,
                     const std::string& value) {
  return {{"tag", tag},
          {"name", name},
          {"description", description},
          {"hint", hint},
          {"data", ordered_json::array({{{"name", "value"}, {"type", type}, {"value", value}}})}};
}

// The C++ type NVBench's type axis describes, as the kernels spell it.
std::string cpp_type(const std::string& type) {
  for (const auto& v : AxisTable<ElementType>::values())
    if (type == v.name) return kernel_spelling(v.value);
  return type;
}

// NVBench hides these summaries from its markdown table; its comparators read them.
ordered_json hidden(ordered_json s) {
  s["hide"] = "Hidden by default.";
  return s;
}

// The cold summaries NVBench's measure_cold writes, under its tags, names,
// hints and units, from one row. Times are seconds, the clock is Hz. The
// legacy comparator reads the mean and the relative standard deviation; the
// robust one (nvbench-compare-robust) the minimum, the quartiles and the
// median as its interval, and the SM clock to confirm a gap in cycles. The
// clock under NVBench's mean tag is the row's sm_clock_mhz, the median of the
// clocks read next to the samples (a row keeps no mean).
void add_cold(ordered_json& summaries, const MeasurementRecord& r) {
  const double median_s = *r.median_us * 1e-6;
  summaries.push_back(summary("nv/cold/sample_size", "Samples", "sample_size", "Number of isolated kernel executions",
                              "int64", std::to_string(r.samples)));
  summaries.push_back(summary("nv/cold/time/gpu/mean", "GPU Time", "duration",
                              "Median isolated execution time, L2 flushed before each (dotsweep's median)", "float64",
                              text(median_s)));
  if (r.p25_us && r.p75_us)
    summaries.push_back(summary("nv/cold/time/gpu/stdev/relative", "Noise", "percentage",
                                "Interquartile range over 1.349 x the median (the relative standard deviation of "
                                "a normal spread with that IQR)",
                                "float64", text((*r.p75_us - *r.p25_us) / kIqrPerSigma / *r.median_us)));
  if (r.min_us)
    summaries.push_back(summary("nv/cold/time/gpu/min", "Min GPU Time", "duration", "Fastest isolated execution",
                                "float64", text(*r.min_us * 1e-6)));
  if (r.p25_us && r.p75_us) {
    const double iqr_us = *r.p75_us - *r.p25_us;
    summaries.push_back(hidden(summary("nv/cold/time/gpu/q1", "Q1 GPU Time", "duration",
                                       "First quartile of isolated execution times (the row's p25_us)", "float64",
                                       text(*r.p25_us * 1e-6))));
    summaries.push_back(hidden(summary("nv/cold/time/gpu/median", "Median GPU Time", "duration",
                                       "Median of isolated execution times", "float64", text(median_s))));
    summaries.push_back(hidden(summary("nv/cold/time/gpu/q3", "Q3 GPU Time", "duration",
                                       "Third quartile of isolated execution times (the row's p75_us)", "float64",
                                       text(*r.p75_us * 1e-6))));
    summaries.push_back(hidden(summary("nv/cold/time/gpu/iqr/absolute", "IQR", "duration",
                                       "Interquartile range of isolated execution times", "float64",
                                       text(iqr_us * 1e-6))));
    summaries.push_back(hidden(summary("nv/cold/time/gpu/iqr/relative", "Rel IQR", "percentage",
                                       "Interquartile range over the median", "float64",
                                       text(iqr_us / *r.median_us))));
  }
  if (r.sm_clock_mhz && *r.sm_clock_mhz > 0)
    summaries.push_back(hidden(summary("nv/cold/sm_clock_rate/mean", "Clock Rate", "frequency",
                                       "SM clock rate: the median of the clocks read next to the samples (the row's sm_clock_mhz)", "float64",
                                       text(*r.sm_clock_mhz * 1e6))));
  if (r.gbps)
    summaries.push_back(summary("nv/cold/bw/global/bytes_per_second", "GlobalMem BW", "byte_rate",
                                "Bytes of both inputs per second of the median", "float64", text(*r.gbps * 1e9)));
  if (r.pct_peak)
    summaries.push_back(summary("nv/cold/bw/global/utilization", "BWUtil", "percentage",
                                "Global memory bandwidth over the report's peak", "float64", text(*r.pct_peak / 100)));
}

void add_hot(ordered_json& summaries, const MeasurementRecord& r) {
  summaries.push_back(summary("nv/batch/sample_size", "Samples", "sample_size",
                              "Number of back-to-back executions (graph replays x launches)", "int64",
                              std::to_string(r.samples * std::max<std::size_t>(r.launches, 1))));
  summaries.push_back(summary("nv/batch/time/gpu/mean", "Batch GPU", "duration",
                              "Median time per back-to-back execution (dotsweep's hot median)", "float64",
                              text(*r.median_us * 1e-6)));
}

struct State {
  const MeasurementRecord* cold = nullptr;
  const MeasurementRecord* hot = nullptr;
  std::string reason;  // of an untimed row, for a state with none timed
};

// A sidecar file's summary, as NVBench's json_printer writes it.
ordered_json file_summary(const std::string& tag, const char* name, const char* hint, const char* description,
                          const std::string& path, std::size_t count) {
  return {{"tag", tag},
          {"name", name},
          {"description", description},
          {"hint", hint},
          {"data", ordered_json::array({{{"name", "filename"}, {"type", "string"}, {"value", path}},
                                        {{"name", "size"}, {"type", "int64"}, {"value", std::to_string(count)}}})},
          {"hide", "Not needed in table."}};
}

// The sidecar files of the cold rows with samples, numbered in the order
// the states are written, each kind from 0 as NVBench numbers them.
struct BulkWriter {
  std::string json_name;
  std::vector<NvbenchBulkFile> files;
  std::size_t times = 0, freqs = 0;

  void add(ordered_json& summaries, const MeasurementRecord& r) {
    std::vector<double> seconds, hertz;
    bool clocked = true;
    for (const RawSample& s : r.raw_samples) {
      if (s.throttled) continue;  // dropped from the row's statistics, as NVBench discards them
      seconds.push_back(s.us * 1e-6);
      hertz.push_back(s.sm_clock_mhz * 1e6);
      clocked = clocked && s.sm_clock_mhz > 0;
    }
    if (seconds.empty()) return;
    const std::string time_path = json_name + "-bin/" + std::to_string(times++) + ".bin";
    files.push_back({time_path, float32_le_bytes(seconds)});
    summaries.push_back(file_summary("nv/json/bin:nv/cold/sample_times", "Sample Times File", "file/sample_times",
                                     "Binary file containing sample times as little-endian float32.", time_path,
                                     seconds.size()));
    if (!clocked) return;
    const std::string freq_path = json_name + "-freqs-bin/" + std::to_string(freqs++) + ".bin";
    files.push_back({freq_path, float32_le_bytes(hertz)});
    summaries.push_back(file_summary("nv/json/freqs-bin:nv/cold/sample_freqs", "Sample Frequencies File",
                                     "file/sample_freqs", "Binary file containing sample frequencies as little-endian float32.",
                                     freq_path, hertz.size()));
  }
};

using Benchmarks = std::map<std::string, std::map<std::pair<std::string, std::int64_t>, State>>;

// NVBench's comparators read cold timings, and judge by the quartiles: the
// legacy one skips a state without a noise, the robust one has no interval.
// A report without any would export states that match nothing, silently.
std::string check_cold_quartiles(const Benchmarks& benchmarks, const std::string& origin) {
  std::size_t cold = 0, without = 0;
  for (const auto& [variant, states] : benchmarks)
    for (const auto& [key, state] : states) {
      if (!state.cold) continue;
      ++cold;
      without += !(state.cold->p25_us && state.cold->p75_us);
    }
  if (cold == 0)
    throw InputError(origin + ": no timed cold row: NVBench's comparators read cold timings only");
  if (without == cold)
    throw InputError(origin + ": no quartiles (p25_us, p75_us) in any timed cold row, as in a report cut to the "
                     "gate's columns: NVBench's comparators need them; export the sweep's full sweep.csv");
  if (without == 0) return "";
  return origin + ": " + std::to_string(without) + " of " + std::to_string(cold) +
         " timed cold rows have no quartiles: exported with their median alone, which NVBench's comparators skip";
}

}  // namespace

NvbenchJson nvbench_json(const std::vector<MeasurementRecord>& rows, const std::string& origin,
                         const std::string& json_name) {
  if (rows.empty()) throw InputError(origin + ": no rows to export");
  const Environment& env = rows.front().env;
  // variant -> (type, n) -> its rows; std::map keeps the output in one order.
  Benchmarks benchmarks;
  bool timed = false;
  for (const auto& r : rows) {
    if (r.env.gpu != env.gpu || r.env.cc != env.cc)
      throw InputError(origin + ": rows of two GPUs (" + env.gpu + ", " + r.env.gpu +
                       "); export one GPU's report at a time");
    State& state = benchmarks[r.variant][{r.type, r.n}];
    // A timed row that computed a wrong result is no time to compare; the
    // launch floor computes nothing and is timed all the same.
    if (r.median_us && (r.correct || r.kind == kFloorKind)) {
      (r.mode == "hot" ? state.hot : state.cold) = &r;
      timed = true;
    } else if (state.reason.empty()) {
      state.reason = r.reason.empty() ? "not timed" : r.reason;
    }
  }
  if (!timed) throw InputError(origin + ": no correct row with a median to export");
  const std::string warning = check_cold_quartiles(benchmarks, origin);

  int sm_version = 0;
  if (const auto dot = env.cc.find('.'); dot != std::string::npos)
    sm_version = std::atoi(env.cc.substr(0, dot).c_str()) * 100 + std::atoi(env.cc.substr(dot + 1).c_str()) * 10;
  ordered_json root;
  root["meta"] = {{"version", {{"json", {{"major", 1}, {"minor", 0}, {"patch", 0}, {"string", "1.0.0"}}}}},
                  {"dotsweep", {{"version", env.dotsweep_version}, {"timestamp", env.timestamp}}}};
  root["devices"] = ordered_json::array({{{"id", 0},
                                          {"name", env.gpu},
                                          {"sm_version", sm_version},
                                          {"ptx_version", sm_version},
                                          {"number_of_sms", env.sms}}});
  BulkWriter bulk{json_name, {}, 0, 0};
  ordered_json list = ordered_json::array();
  for (const auto& [variant, states] : benchmarks) {
    std::set<std::string> types;
    std::set<std::int64_t> sizes;
    for (const auto& [key, state] : states) {
      types.insert(key.first);
      sizes.insert(key.second);
    }
    ordered_json type_values = ordered_json::array(), size_values = ordered_json::array();
    for (const auto& t : types)
      type_values.push_back({{"input_string", t}, {"description", cpp_type(t)}, {"is_active", true}});
    for (const auto n : sizes)
      size_values.push_back({{"input_string", std::to_string(n)}, {"description", ""}, {"value", n}});
    ordered_json bench = {{"name", variant},
                          {"index", list.size()},
                          {"devices", {0}},
                          {"axes",
                           {{{"name", "T"}, {"type", "type"}, {"flags", ""}, {"values", type_values}},
                            {{"name", "Elements"}, {"type", "int64"}, {"flags", ""}, {"values", size_values}}}},
                          {"states", ordered_json::array()}};
    for (const auto& [key, state] : states) {
      const auto& [type, n] = key;
      ordered_json summaries = ordered_json::array();
      if (state.cold) add_cold(summaries, *state.cold);
      if (state.cold && !json_name.empty()) bulk.add(summaries, *state.cold);
      if (state.hot) add_hot(summaries, *state.hot);
      ordered_json s = {{"name", "Device=0 T=" + type + " Elements=" + std::to_string(n)},
                        {"device", 0},
                        {"type_config_index", std::distance(types.begin(), types.find(type))},
                        {"axis_values",
                         {{{"name", "T"}, {"type", "string"}, {"value", type}},
                          {{"name", "Elements"}, {"type", "int64"}, {"value", std::to_string(n)}}}},
                        {"summaries", summaries},
                        {"is_skipped", summaries.empty()}};
      if (summaries.empty()) s["skip_reason"] = state.reason;
      bench["states"].push_back(std::move(s));
    }
    list.push_back(std::move(bench));
  }
  root["benchmarks"] = std::move(list);
  return {root.dump(1) + "\n", warning, std::move(bulk.files)};
}

}  // namespace dotsweep
