#include "cli/move_menu.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "engine/text.h"

namespace court::cli {
namespace {

constexpr int kMaxGroupName = 18;
constexpr std::size_t kCandidatesNamed = 6;

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "place_plan" -> "place plan"
std::string group_title(std::string group) {
  std::replace(group.begin(), group.end(), '_', ' ');
  return group;
}

std::string first_word(const std::string& label) { return label.substr(0, label.find(' ')); }

}  // namespace

// Column widths shared by every group, and per group the widths of its labels and short forms, how
// many moves share a line and how many lines all of its moves take.
struct MoveMenu::Layout {
  int name_width = 0;     // the group's title column with its gap, 0 when there is one group
  int number_width = 1;
  struct Columns {
    int label = 0;
    int shorthand = 0;    // "  [B3 r1 m]", 0 when the group has none
    int per_line = 1;
    int lines = 0;
  };
  std::vector<Columns> groups;
};

MoveMenu::MoveMenu(std::vector<MenuEntry> entries) : entries_(std::move(entries)) {
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const std::string& name = entries_[i].group;
    auto group = std::find_if(groups_.begin(), groups_.end(), [&](const Group& g) { return g.name == name; });
    if (group == groups_.end()) group = groups_.insert(groups_.end(), Group{name, {}});
    group->members.push_back(i);
  }
}

namespace {

constexpr int kGap = 3;   // spaces between two moves on a line

std::string number_text(int number, int width) { return fmt::format("{:>{}}. ", number, width); }
std::string shorthand_text(const std::string& shorthand) { return shorthand.empty() ? "" : "  [" + shorthand + "]"; }

}  // namespace

MoveMenu::Layout MoveMenu::layout(int width) const {
  Layout out;
  if (groups_.size() > 1) {
    for (const Group& g : groups_) {
      out.name_width = std::max(out.name_width, std::min(kMaxGroupName, Board::columns(group_title(g.name))));
    }
    out.name_width += 2;
  }
  int largest = 0;
  for (const MenuEntry& e : entries_) largest = std::max(largest, e.number);
  out.number_width = static_cast<int>(std::to_string(largest).size());
  const int room = std::max(20, width - out.name_width);
  const int number = out.number_width + 2;
  for (const Group& g : groups_) {
    Layout::Columns c;
    for (std::size_t i : g.members) {
      c.label = std::max(c.label, Board::columns(entries_[i].label));
      c.shorthand = std::max(c.shorthand, Board::columns(shorthand_text(entries_[i].shorthand)));
    }
    c.label = std::max(4, std::min(c.label, room - number - c.shorthand));
    c.per_line = std::max(1, (room + kGap) / (number + c.label + c.shorthand + kGap));
    c.lines = (static_cast<int>(g.members.size()) + c.per_line - 1) / c.per_line;
    out.groups.push_back(c);
  }
  return out;
}

void MoveMenu::draw_group(std::size_t g, int lines, const Layout& layout, Board& out) const {
  const Group& group = groups_[g];
  const Layout::Columns& c = layout.groups[g];
  for (int line = 0; line < lines; ++line) {
    if (layout.name_width > 0) {
      out.cell(line == 0 ? group_title(group.name) : "", layout.name_width - 2, Ink::quiet).put("  ");
    }
    for (int k = 0; k < c.per_line; ++k) {
      const std::size_t at = static_cast<std::size_t>(line * c.per_line + k);
      if (at >= group.members.size()) break;
      const MenuEntry& e = entries_[group.members[at]];
      const bool last = k + 1 == c.per_line || at + 1 == group.members.size();
      out.put(number_text(e.number, layout.number_width), Ink::mark);
      if (last && c.shorthand == 0 && Board::columns(e.label) <= c.label) out.put(e.label);
      else out.cell(e.label, c.label);
      out.put(shorthand_text(e.shorthand), Ink::quiet);
      if (!last) out.cell("", c.shorthand - Board::columns(shorthand_text(e.shorthand)) + kGap);
    }
    out.newline();
  }
}

std::string MoveMenu::more_note(std::size_t hidden, const MenuEntry& example) const {
  const std::string how = example.shorthand.empty() ? "the start of one's text, or its number"
                                                    : fmt::format("a short form such as {}", example.shorthand);
  return fmt::format("… {} more: `moves` lists them all; or type {}", hidden, how);
}

Board MoveMenu::render(int budget, int width) const {
  const Layout layout = this->layout(width);
  int total = 0;
  for (const auto& c : layout.groups) total += c.lines;
  int cap = total;
  if (total > budget) {
    // The largest cap that fits beside the note line; one line per group at the least.
    cap = 1;
    for (int next = 2; next <= total; ++next) {
      int used = 1;
      for (const auto& c : layout.groups) used += std::min(c.lines, next);
      if (used > budget) break;
      cap = next;
    }
  }
  Board out;
  std::size_t hidden = 0;
  const MenuEntry* example = nullptr;
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    const Layout::Columns& c = layout.groups[g];
    const int lines = std::min(c.lines, cap);
    draw_group(g, lines, layout, out);
    const std::size_t shown = std::min(groups_[g].members.size(), static_cast<std::size_t>(lines * c.per_line));
    if (shown < groups_[g].members.size() && !example) example = &entries_[groups_[g].members[shown]];
    hidden += groups_[g].members.size() - shown;
  }
  if (hidden > 0) out.put(more_note(hidden, *example), Ink::quiet).newline();
  return out;
}

Board MoveMenu::render_all(int width) const { return render(std::numeric_limits<int>::max(), width); }

MenuChoice MoveMenu::choose(std::string_view typed) const {
  const std::string text = trimmed(typed);
  const std::string wanted = lowered(text);
  const auto not_a_move = [&] {
    return MenuChoice{nullptr, false,
                      fmt::format("'{}' is not one of the moves: type a number 1-{} or a move's text.", text,
                                  entries_.size())};
  };
  if (all_digits(text)) {
    const auto number = text.size() < 9 ? std::stoi(text) : 0;
    for (const MenuEntry& e : entries_) if (e.number == number) return {&e, false, ""};
    return not_a_move();
  }
  for (const MenuEntry& e : entries_) if (lowered(e.label) == wanted) return {&e, false, ""};
  for (const MenuEntry& e : entries_) if (!e.shorthand.empty() && lowered(e.shorthand) == wanted) return {&e, true, ""};
  std::vector<const MenuEntry*> starts;
  for (const MenuEntry& e : entries_) if (!wanted.empty() && lowered(e.label).rfind(wanted, 0) == 0) starts.push_back(&e);
  if (starts.size() == 1) return {starts[0], false, ""};
  if (starts.empty()) return not_a_move();
  std::string named;
  for (std::size_t i = 0; i < std::min(starts.size(), kCandidatesNamed); ++i) {
    named += fmt::format("{}{}. {}", i ? ", " : "", starts[i]->number, starts[i]->label);
  }
  if (starts.size() > kCandidatesNamed) named += fmt::format(" and {} more", starts.size() - kCandidatesNamed);
  return {nullptr, false,
          fmt::format("'{}' starts {} moves: {}. Type more of it, or a number.", text, starts.size(), named)};
}

std::vector<std::string> MoveMenu::words() const {
  std::vector<std::string> out;
  for (const MenuEntry& e : entries_) {
    out.push_back(e.label);
    if (!e.shorthand.empty()) out.push_back(e.shorthand);
  }
  return out;
}

MoveMenu menu_of(const GameState& state, Seat seat, const ActionList& legal) {
  const MoveShorthand shorthand = state.info().board.shorthand;
  std::vector<MenuEntry> entries;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const nlohmann::json parts = state.parts(seat, legal[i]);
    MenuEntry e{static_cast<int>(i) + 1, state.describe(seat, legal[i]), "", ""};
    e.group = parts.is_object() && parts.contains("kind") && parts["kind"].is_string() ? parts["kind"].get<std::string>()
                                                                                       : first_word(e.label);
    if (shorthand) e.shorthand = shorthand(parts);
    entries.push_back(std::move(e));
  }
  return MoveMenu(std::move(entries));
}

}  // namespace court::cli
