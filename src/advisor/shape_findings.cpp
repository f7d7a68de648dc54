// The shape of a game's findings (advisor/parts.h): read from a report's "shape" object (sim/shape.h),
// each tested against a threshold of docs/report.md ("Shape findings"), said in plain words with its
// interval, and reproduced by `court sim ... --shape`.
#include <fmt/format.h>

#include <cmath>
#include <string>

#include "advisor/parts.h"
#include "sim/stats.h"

namespace court::advisor {
namespace {

// The thresholds (docs/report.md, "Shape findings"): each a rate's interval must clear, or a figure.
constexpr double kEarlyEnd = 0.5;          // first-round ends: "most games"
constexpr double kFewDecisions = 6;        // median decisions per seat per game below this
constexpr double kForced = 0.4;            // forced decisions' share
constexpr double kDrawish = 0.2;           // games without a single winner
constexpr double kEarlyDecided = 0.25;     // mean share of the game before the winner leads for good
constexpr double kNoLeadChange = 0.75;     // games in which the lead never changed hands

// "67%", "99.8%": one decimal only where it tells something.
std::string pct(double rate) {
  const double tenths = std::round(rate * 1000) / 10;
  return tenths == std::round(tenths) ? fmt::format("{:.0f}%", tenths) : fmt::format("{:.1f}%", tenths);
}

// "100% of games [99.8%, 100%]": a rate object of the shape ({"rate", "ci95"}).
std::string rate_text(const nlohmann::json& r) {
  return fmt::format("{} [{}, {}]", pct(r.at("rate").get<double>()), pct(r.at("ci95").at(0).get<double>()),
                     pct(r.at("ci95").at(1).get<double>()));
}

double low(const nlohmann::json& r) { return r.at("ci95").at(0).get<double>(); }

struct Context {
  const nlohmann::json& shape;
  const Subject& subject;
  std::string command;
  std::string at;   // "at 3 players"
};

Finding make(const Context& c, const char* code, Severity severity, double size, std::string text,
             nlohmann::json evidence) {
  evidence["games"] = c.shape.at("games");
  return {code, severity, size, c.at + ", " + std::move(text), std::move(evidence), c.command, ""};
}

void early_end(const Context& c, std::vector<Finding>& out) {
  const auto& r = c.shape.at("first_round_end");
  if (r.is_null() || low(r) <= kEarlyEnd) return;
  const double rate = r.at("rate").get<double>();
  out.push_back(make(c, "early_end", rate >= 0.9 ? Severity::Critical : Severity::Major, rate,
                     fmt::format("{} of games end in the first round", rate_text(r)), {{"first_round_end", r}}));
}

void few_decisions(const Context& c, std::vector<Finding>& out) {
  const auto& d = c.shape.at("decisions_per_seat");
  const double median = d.at("p50").get<double>();
  if (median >= kFewDecisions) return;
  out.push_back(make(c, "few_decisions", median < 3 ? Severity::Critical : Severity::Major, kFewDecisions - median,
                     fmt::format("a seat makes {} decisions in a median game (mean {:.1f}; 10% of seats make {} or "
                                 "fewer)", median, d.at("mean").get<double>(), d.at("p10").get<double>()),
                     {{"decisions_per_seat", d}}));
}

void forced_decisions(const Context& c, std::vector<Finding>& out) {
  const auto& r = c.shape.at("forced");
  if (low(r) <= kForced) return;
  const double rate = r.at("rate").get<double>();
  out.push_back(make(c, "forced_decisions", rate >= 0.6 ? Severity::Major : Severity::Minor, rate,
                     fmt::format("{} of decisions have one legal move (the seat chooses nothing)", rate_text(r)),
                     {{"forced", r}, {"legal_per_decision", c.shape.at("legal_per_decision")}}));
}

// Drawish: games in which every seat won or none did, so the game told nobody apart. Shared wins among some
// seats (Persuasion's couples) are the game's own and are not draws; their share is in the evidence.
void drawish(const Context& c, std::vector<Finding>& out) {
  const auto& r = c.shape.value("undivided", nlohmann::json());
  if (r.is_null() || low(r) <= kDrawish) return;   // team results: no seat wins alone
  const auto& one = c.shape.at("single_winner");
  const double n = one.at("of").get<double>(), k = n - one.at("count").get<double>();
  const sim::Interval ci = sim::wilson(k, n);
  const nlohmann::json shared = {{"count", k}, {"of", n}, {"rate", k / n}, {"ci95", {ci.low, ci.high}}};
  const double rate = r.at("rate").get<double>();
  out.push_back(make(c, "drawish", rate >= 0.5 ? Severity::Major : Severity::Minor, rate,
                     fmt::format("{} of games end with every seat winning or none, telling nobody apart ({} have "
                                 "no single winner)", rate_text(r), rate_text(shared)),
                     {{"undivided", r}, {"no_single_winner", shared}}));
}

void lead_findings(const Context& c, std::vector<Finding>& out) {
  const auto& none = c.shape.at("lead_changes").at("none");
  if (low(none) > kNoLeadChange) {
    out.push_back(make(c, "no_lead_change", Severity::Minor, none.at("rate").get<double>(),
                       fmt::format("the lead never changes hands in {} of games (public standing; {:.2f} lead "
                                   "changes a game)", rate_text(none), c.shape.at("lead_changes").at("mean").get<double>()),
                       {{"no_lead_change", none}, {"lead_changes", c.shape.at("lead_changes")}}));
  }
  const auto& d = c.shape.at("decisiveness");
  if (d.at("games").get<double>() > 0 && d.at("mean").get<double>() < kEarlyDecided) {
    const double mean = d.at("mean").get<double>();
    out.push_back(make(c, "early_decided", Severity::Minor, kEarlyDecided - mean,
                       fmt::format("the final winner leads for good after {} of the game on average (public "
                                   "standing)", pct(mean)),
                       {{"decisiveness", d}}));
  }
}

}  // namespace

std::vector<Finding> shape_findings(const nlohmann::json& shape, const Subject& subject, const std::string& bot) {
  const int players = subject.config.seats;
  const std::vector<std::string> seats(static_cast<std::size_t>(players), bot);
  const Context c{shape, subject,
                  subject.sim_command(seats, shape.at("games").get<std::uint64_t>(), shape.value("seed", std::uint64_t{1})) +
                      " --shape",
                  fmt::format("at {} player{}", players, players == 1 ? "" : "s")};
  std::vector<Finding> out;
  early_end(c, out);
  few_decisions(c, out);
  forced_decisions(c, out);
  drawish(c, out);
  if (shape.at("standing").get<bool>()) {
    lead_findings(c, out);
  } else if (!shape.at("single_winner").is_null()) {   // team results only: no lead between seats to change
    out.push_back(make(c, "no_standing", Severity::Note, 0,
                       fmt::format("{} has no public standing: lead changes, decisiveness and drama are not measured",
                                   subject.entry ? subject.entry->info.title : std::string("the game")),
                       {{"standing", false}}));
  }
  rank(out);
  return out;
}

}  // namespace court::advisor
