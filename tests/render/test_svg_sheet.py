"""render/svg.py: what every game's pictures share, the sheet they are drawn on and text fitted to a room."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from pastiche_cli.render.svg import Sheet, cut, lines_of, measure, per_line


def test_a_framed_sheet_is_its_size_in_the_pictures_font_on_a_white_ground():
    sheet = Sheet.framed(120.4, 80)
    assert sheet.written() == (
        '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="120" height="80" viewBox="0 0 120 80" '
        'font-family="DejaVu Sans, Helvetica, Arial, sans-serif"><rect width="100%" height="100%" fill="#ffffff" />'
        "</svg>\n"
    )


@pytest.mark.parametrize(("number", "shown"), [("{:.0f}".format, "13"), ("{:g}".format, "12.6"), (str, "12.6")])
def test_an_element_writes_numbers_in_the_sheets_format_and_text_as_given(number, shown):
    node = Sheet(ET.Element("svg"), number).add("rect", None, x=12.6, rx="4.25", fill="none")
    assert node.attrib == {"x": shown, "rx": "4.25", "fill": "none"}


def test_attribute_names_are_written_with_hyphens_in_the_order_given_and_none_left_out():
    sheet = Sheet(ET.Element("svg"))
    group = sheet.add("g", None, class_="card", data_card="Heavy", id=None)
    node = sheet.text(1, 2, "Heavy", 11, parent=group, weight=None, anchor="middle", text_decoration="line-through")
    assert list(group.attrib.items()) == [("class", "card"), ("data-card", "Heavy")]
    assert list(node.attrib) == ["x", "y", "font-size", "fill", "text-anchor", "text-decoration"]
    assert node.text == "Heavy" and list(sheet.root) == [group] and list(group) == [node]


def test_a_rect_takes_its_style_in_the_order_given():
    sheet = Sheet(ET.Element("svg"))
    one = sheet.rect(0, 0, 10, 5, rx="4", fill="#fff", stroke="#333")
    two = sheet.rect(0, 0, 10, 5, fill="#fff", rx="4", stroke_dasharray="3 2")
    assert list(one.attrib) == ["x", "y", "width", "height", "rx", "fill", "stroke"]
    assert list(two.attrib) == ["x", "y", "width", "height", "fill", "rx", "stroke-dasharray"]


def test_what_xml_cannot_hold_is_written_as_an_escape_indented_or_not():
    for indent in (False, True):
        sheet = Sheet.framed(10, 10)
        sheet.text(0, 0, "An\x07a \u202e")
        written = sheet.written(indent)
        ET.fromstring(written)
        assert "An\\x07a \\u202e" in written and ("\n  <rect" in written) == indent


def test_cut_keeps_what_fits_and_ends_what_does_not_with_an_ellipsis():
    assert per_line(10, 60) == 10 and per_line(10, 1) == 4  # a character is 0.6 em; never fewer than 4
    assert cut("Winterlight", 10, 66) == "Winterlight"
    assert cut("Winter light shows", 10, 60) == "Winter li\u2026"
    assert cut("Winter  light", 10, 48) == "Winter\u2026"  # the space before the ellipsis dropped
    assert cut("Winter  light", 10, 48, strip=False) == "Winter \u2026"
    assert measure("abc", 10) == pytest.approx(18.6)


def test_lines_of_wraps_at_spaces_hyphenates_a_long_word_and_cuts_the_last_line():
    assert lines_of("the red coat of the painter", 10, 60, most=4) == ["the red", "coat of", "the", "painter"]
    assert lines_of("the red coat of the painter", 10, 60) == ["the red", "coat of", "the\u2026"]
    assert lines_of("Supercalifragilistic", 10, 60) == ["Supercali-", "fragilist-", "ic"]
    assert lines_of("one two three four five six", 10, 30, most=2) == ["one", "two\u2026"]
    assert lines_of("", 10, 60) == [""]


def test_a_wrapped_block_holds_its_whole_text_as_a_title_only_where_it_was_cut():
    sheet = Sheet(ET.Element("svg"), str)
    sheet.wrapped(5, 7, "may go here", 12, 54, 2, fill="#555")
    sheet.wrapped(5, 7, "a very long name for a painting", 12, 54, 1)
    fits, cut_ = sheet.root
    assert [t.tag for t in fits] == ["tspan", "tspan"] and fits.get("font-size") == "12"
    assert [t.get("dy") for t in fits] == ["0", "15"]
    assert cut_[0].tag == "title" and cut_[0].text == "a very long name for a painting"


def test_a_label_is_its_heading_in_bold_then_the_text_cut_to_the_room_left():
    sheet = Sheet(ET.Element("svg"))
    sheet.labelled(8, 20.5, "row 1:", "trees", 160)
    sheet.labelled(8, 20.5, "row 2:", "a feature far too long for the room it has", 90)
    whole, short = sheet.root
    assert [t.text for t in whole] == ["row 1:", "trees"] and whole.get("y") == "20.5"
    assert short[0].tag == "title" and short[-1].text.endswith("\u2026")
