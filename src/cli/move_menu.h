// The moves a person may make, as `court play` lists them: numbered, grouped by kind, shortened to the
// lines left under the board, and chosen by number, text, a unique start of the text, or a shorthand.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/game.h"

namespace court::cli {

struct MenuEntry {
  int number = 0;          // what a person types: the move's place among the legal moves, from 1
  std::string label;       // the game's describe()
  std::string group;       // the move's kind (its parts' "kind"), else the label's first word
  std::string shorthand;   // the game's short form ("B3 r1 m"), empty when it has none
};

// What a typed line chose: an entry, or why none.
struct MenuChoice {
  const MenuEntry* entry = nullptr;
  bool by_shorthand = false;   // typed as the shorthand: the table previews it first
  std::string error;           // when entry is null
};

class MoveMenu {
 public:
  explicit MoveMenu(std::vector<MenuEntry> entries);

  const std::vector<MenuEntry>& entries() const { return entries_; }
  // The fewest lines render() takes: one per kind, and the line that says how many more there are.
  int least_lines() const { return static_cast<int>(groups_.size()) + 1; }
  // The menu in at most `budget` lines of `width` columns: every group keeps at least one line (so a
  // tiny budget may be exceeded), all groups get the same cap, and a last line tells how many are not
  // shown and how to reach them.
  Board render(int budget, int width) const;
  // Every move.
  Board render_all(int width) const;
  MenuChoice choose(std::string_view typed) const;
  // What Tab completes: labels and shorthands.
  std::vector<std::string> words() const;

 private:
  struct Group {
    std::string name;
    std::vector<std::size_t> members;   // indices into entries_
  };
  struct Layout;
  Layout layout(int width) const;
  void draw_group(std::size_t group, int lines, const Layout& layout, Board& out) const;
  std::string more_note(std::size_t hidden, const MenuEntry& example) const;

  std::vector<MenuEntry> entries_;
  std::vector<Group> groups_;   // in the order their first move comes
};

// The menu of `legal` (the legal moves of `seat` in `state`), with the game's shorthands.
MoveMenu menu_of(const GameState& state, Seat seat, const ActionList& legal);

}  // namespace court::cli
