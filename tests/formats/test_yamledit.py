"""yamledit: round-trip edits that keep every comment and change only the place they are made at."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from yaml_events import anchors_and_aliases

from pastiche_cli.formats.aliases import unshare_all, unsharing
from pastiche_cli.formats.yamledit import delete_item, move_item, scalar_text, swap_items, take_item
from pastiche_cli.formats.yamlio import dump_roundtrip, load_roundtrip


def edited(text: str, change) -> str:
    data = load_roundtrip(text)
    change(data)
    return dump_roundtrip(data)


# --- reading: the comment line above a flow item with an end-of-line comment -----------------------

FLOW_ITEMS = """\
items:
  # before the first
  - {a: 1}
  # above b, which has a comment
  - {b: 2}  # b
  # above c
  - [3, 4]  # c
  - {d: 5}
  # after the last
next: 1
"""


def test_every_comment_line_between_flow_items_is_read_and_written_back():
    assert dump_roundtrip(load_roundtrip(FLOW_ITEMS)) == FLOW_ITEMS


def test_the_items_after_a_commented_flow_mapping_are_written_on_lines_of_their_own():
    # ruamel alone writes `  - teal   -\n    teal` after a comment line above the first item
    text = "items:\n  # above\n  - {a: 1}  # eol\n  - teal\n  - teal\n"
    assert dump_roundtrip(load_roundtrip(text)) == text


flow_item = st.sampled_from(["{a: 1}", "{b: x, c: [1, 2]}", "[1, 2]", "[x]", "plain", "7", "{d: {e: 3}}"])
line = st.sampled_from(["# one", "# two words", "#", "# - {not: an item}"])


@given(
    st.lists(st.tuples(st.lists(line, max_size=2), flow_item, st.one_of(st.none(), line)), min_size=1, max_size=5),
    st.lists(line, max_size=2),
)
def test_any_mix_of_flow_items_and_comment_lines_round_trips_exactly(entries, trailing):
    text = "items:\n"
    for above, item, eol in entries:
        text += "".join(f"  {c}\n" for c in above)
        text += f"  - {item}" + (f"  {eol}" if eol else "") + "\n"
    text += "".join(f"  {c}\n" for c in trailing) + "next: 1\n"
    assert dump_roundtrip(load_roundtrip(text)) == text


# --- removing: every comment stays at the place ---------------------------------------------------

BLOCK = """\
palette:
  - teal   # first
  - red
  # about the blue
  - blue  # blue
  - green
next: 1
"""


@pytest.mark.parametrize(
    "index,expected",
    [
        (0, "palette:\n  # first\n  - red\n  # about the blue\n  - blue  # blue\n  - green\nnext: 1\n"),
        (1, "palette:\n  - teal   # first\n  # about the blue\n  - blue  # blue\n  - green\nnext: 1\n"),
        (2, "palette:\n  - teal   # first\n  - red\n  # about the blue\n  # blue\n  - green\nnext: 1\n"),
        (3, "palette:\n  - teal   # first\n  - red\n  # about the blue\n  - blue  # blue\nnext: 1\n"),
    ],
)
def test_delete_item_leaves_its_comment_as_a_line_at_its_place(index, expected):
    assert edited(BLOCK, lambda d: delete_item(d, "palette", index)) == expected


def test_delete_item_of_a_mapping_keeps_the_comment_of_the_key():
    text = "palette:\n  red: 2  # two\n  blue: 1  # one\n  green: 1\nnext: 1\n"
    assert (
        edited(text, lambda d: delete_item(d, "palette", "blue"))
        == "palette:\n  red: 2  # two\n  # one\n  green: 1\nnext: 1\n"
    )


def test_delete_item_keeps_the_line_above_a_flow_item():
    assert edited(FLOW_ITEMS, lambda d: delete_item(d, "items", 1)) == FLOW_ITEMS.replace(
        "  - {b: 2}  # b\n", "  # b\n"
    )


def test_emptying_a_list_writes_it_empty_then_its_comments():
    text = "palette:\n  - teal  # first\n  - red  # second\nnext: 1\n"

    def change(d):
        delete_item(d, "palette", 1)
        delete_item(d, "palette", 0)

    assert edited(text, change) == "palette: []\n  # first\n  # second\nnext: 1\n"


def test_emptying_a_list_with_a_line_above_its_first_entry_writes_yaml_that_parses():
    # ruamel would write the line between `palette:` and `[]`: `palette:\n  # mine\n[]`
    text = "palette:\n  # mine\n  - teal\nnext: 1\n"
    assert edited(text, lambda d: delete_item(d, "palette", 0)) == "palette: []\n  # mine\nnext: 1\n"


def comment_texts(text: str) -> list[str]:
    return sorted(part.split("#", 1)[1].strip() for part in text.splitlines() if "#" in part)


def block_list(entries, name="items") -> str:
    text = f"{name}:\n"
    for i, (above, item, eol) in enumerate(entries):
        text += "".join(f"  # {c} {i}\n" for c in above)
        text += f"  - {item}" + (f"  # {eol} {i}" if eol else "") + "\n"
    return text


entry = st.tuples(
    st.lists(st.sampled_from(["above", "note"]), max_size=2),
    st.sampled_from(["teal", "{a: 1}", "[1, 2]", "{b: [x]}", "k: 1", "k: [1]"]),
    st.one_of(st.none(), st.sampled_from(["eol", "end"])),
)


@given(st.lists(entry, min_size=1, max_size=5), st.data())
def test_deleting_any_entry_keeps_every_comment_and_every_other_entry(entries, data):
    index = data.draw(st.integers(0, len(entries) - 1))
    text = block_list(entries) + "next: 1\n"
    out = edited(text, lambda d: delete_item(d, "items", index))
    assert comment_texts(out) == comment_texts(text)
    kept = load_roundtrip(out)
    before = load_roundtrip(text)
    assert list(kept["items"]) == [v for i, v in enumerate(before["items"]) if i != index]
    assert kept["next"] == 1


@given(
    st.lists(
        st.tuples(
            st.lists(st.sampled_from(["above", "note"]), max_size=2),
            st.one_of(st.none(), st.sampled_from(["eol", "end"])),
        ),
        min_size=1,
        max_size=5,
    ),
    st.data(),
)
def test_deleting_any_key_of_a_mapping_keeps_every_comment(entries, data):
    index = data.draw(st.integers(0, len(entries) - 1))
    text = (
        "palette:\n"
        + "".join(
            "".join(f"  # {c} {i}\n" for c in above) + f"  c{i}: {i}" + (f"  # {eol} {i}" if eol else "") + "\n"
            for i, (above, eol) in enumerate(entries)
        )
        + "next: 1\n"
    )
    out = edited(text, lambda d: delete_item(d, "palette", f"c{index}"))
    assert comment_texts(out) == comment_texts(text)
    assert dict(load_roundtrip(out)["palette"] or {}) == {f"c{i}": i for i in range(len(entries)) if i != index}


@given(st.lists(entry, min_size=1, max_size=3), st.lists(entry, min_size=1, max_size=3), st.data())
def test_swapped_entries_exchange_their_end_of_line_comments(first, second, data):
    i = data.draw(st.integers(0, len(first) - 1))
    j = data.draw(st.integers(0, len(second) - 1))
    text = block_list(first) + block_list(second, "done")
    out = edited(text, lambda d: swap_items(d, "items", i, d, "done", j))
    assert comment_texts(out) == comment_texts(text)
    before, after = load_roundtrip(text), load_roundtrip(out)
    assert after["items"][i] == before["done"][j] and after["done"][j] == before["items"][i]


@given(st.lists(entry, min_size=1, max_size=4), st.lists(entry, max_size=3), st.data())
def test_a_moved_entry_takes_its_end_of_line_comment_and_leaves_the_rest(source, target, data):
    index = data.draw(st.integers(0, len(source) - 1))
    text = block_list(source) + (block_list(target, "done") if target else "done: []\n")
    out = edited(text, lambda d: move_item(d, "items", index, d, "done"))
    assert comment_texts(out) == comment_texts(text)
    moved = load_roundtrip(out)
    assert moved["done"][-1] == load_roundtrip(text)["items"][index]
    _, item, eol = source[index]
    if eol:  # on the last line of `done:`, which is the moved item's
        last = [line for line in out.splitlines() if line.startswith("  - ")][-1]
        assert last.endswith(f"  # {eol} {index}")


# --- moving: the end-of-line comment goes along, the lines stay -------------------------------------

TWO_LISTS = """\
hand:
  - {t: A}  # a
  # about B
  - {t: B}  # b
done:
  - {t: C}  # c
table:
  - {t: D}  # d
"""


def test_take_item_returns_the_end_of_line_comment_and_keeps_the_lines():
    data = load_roundtrip(TWO_LISTS)
    value, comment = take_item(data, "hand", 1)
    assert value == {"t": "B"} and comment.text == "# b" and comment.offset == 10
    assert dump_roundtrip(data).startswith("hand:\n  - {t: A}  # a\n  # about B\ndone:\n")


def test_move_item_takes_the_comment_to_the_end_of_the_other_list():
    assert (
        edited(TWO_LISTS, lambda d: move_item(d, "hand", 0, d, "done"))
        == """\
hand:
  # about B
  - {t: B}  # b
done:
  - {t: C}  # c
  - {t: A}  # a
table:
  - {t: D}  # d
"""
    )


def test_swap_items_exchanges_the_comments_with_the_items():
    assert (
        edited(TWO_LISTS, lambda d: swap_items(d, "hand", 1, d, "table", 0))
        == """\
hand:
  - {t: A}  # a
  # about B
  - {t: D}  # d
done:
  - {t: C}  # c
table:
  - {t: B}  # b
"""
    )


def test_a_moved_block_mapping_leaves_the_lines_after_it():
    text = "hand:\n  - t: A  # a\n    p: 1\n  # about B\n  - t: B\ndone: []\n"
    assert (
        edited(text, lambda d: move_item(d, "hand", 0, d, "done"))
        == "hand:\n  # about B\n  - t: B\ndone:\n  - t: A  # a\n    p: 1\n"
    )


# --- aliases --------------------------------------------------------------------------------------

SHARED = """\
a:
  hand: &h
    - teal  # a's teal
    - red
  # between a and b
b:
  hand: *h
c:
  hand: *h
other: &o [1, 2]
again: *o
"""


def test_a_change_at_one_alias_changes_no_other_place():
    out = edited(SHARED, unsharing(lambda d: d["b"]["hand"].append("blue")))
    assert (
        out
        == """\
a:
  hand: &h
    - teal  # a's teal
    - red
  # between a and b
b:
  hand:
    - teal
    - red
    - blue
c:
  hand: *h
other: &o [1, 2]
again: *o
"""
    )


def test_a_change_at_the_anchor_leaves_every_alias_a_copy_without_comments():
    out = edited(SHARED, unsharing(lambda d: delete_item(d["a"], "hand", 1)))
    data = load_roundtrip(out)
    assert data["a"]["hand"] == ["teal"] and data["b"]["hand"] == data["c"]["hand"] == ["teal", "red"]
    assert out.count("# a's teal") == 1 and out.count("# between a and b") == 1
    assert anchors_and_aliases(out) == (["o"], ["o"])


def test_an_edit_that_touches_no_alias_keeps_every_alias():
    assert edited(SHARED, unsharing(lambda d: d.__setitem__("other2", 3))) == SHARED + "other2: 3\n"


@given(st.sampled_from(["a", "b", "c"]), st.sampled_from(["teal", "red"]))
def test_whichever_place_changes_the_others_keep_what_they_read(who, card):
    def change(d):
        delete_item(d[who], "hand", list(d[who]["hand"]).index(card))

    data = load_roundtrip(edited(SHARED, unsharing(change)))
    for place in "abc":
        want = [c for c in ["teal", "red"] if place != who or c != card]
        assert list(data[place]["hand"]) == want


def test_unshare_all_gives_each_place_its_own_container():
    data = load_roundtrip(SHARED)
    assert data["a"]["hand"] is data["b"]["hand"]
    unshare_all(data)
    hands = [data[k]["hand"] for k in "abc"]
    assert len({id(h) for h in hands}) == 3 and all(h == ["teal", "red"] for h in hands)
    assert anchors_and_aliases(dump_roundtrip(data)) == ([], [])


def test_an_anchored_value_inside_a_copy_is_not_written_as_a_new_alias():
    text = "a: &m {n: &v 3, k: x}\nb: *m\n"
    out = edited(text, unsharing(lambda d: d["b"].__setitem__("k", "y")))
    assert out == "a: {n: &v 3, k: x}\nb: {n: 3, k: y}\n"  # ruamel always writes a scalar's anchor


def test_an_alias_inside_its_own_anchor_is_read_as_null_so_unsharing_ends():
    data = load_roundtrip("a: &x [1, *x]\nb: &y {k: *y}\n")
    unshare_all(data)
    assert data == {"a": [1, None], "b": {"k": None}}


# --- names -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "scalar,text",
    [
        ("Caro", "Caro"),
        ("' Caro '", " Caro "),
        ("007", "007"),
        ("0o7", "0o7"),
        ("0x1F", "0x1F"),
        ("1.50", "1.50"),
        ("1e3", "1e3"),
        ("true", "true"),
        ("2024-01-01", "2024-01-01"),
        (">\n  Caro", "Caro\n"),
        ("!!str 007", "007"),
    ],
)
def test_scalar_text_is_what_the_file_says(scalar, text):
    assert scalar_text(load_roundtrip(f"name: {scalar}\n")["name"]) == text


def test_scalar_text_of_a_container_is_none():
    assert scalar_text(load_roundtrip("name: [a]\n")["name"]) is None
