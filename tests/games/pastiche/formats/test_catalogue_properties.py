"""Properties: any card the checks accept survives a write and a read exactly, whatever its text."""

import string
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pastiche_cli.games.pastiche.commands._tab import complete_cards
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.catalogue import check_card, slug
from pastiche_cli.games.pastiche.core.position import Commission
from pastiche_cli.games.pastiche.formats.catalogue import export_text, parse_text, write_changes
from pastiche_cli.games.pastiche.formats.loader import read_catalogue_file

text = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="\ufeff"),
    min_size=1,
    max_size=40,
).filter(lambda s: s.strip() == s and s)
cards = st.builds(
    lambda title, artist, points, palette, bonus: Commission(
        title, artist, points, tuple(colours.as_list(Counter(palette))), bonus
    ),
    text,
    text,
    st.integers(8, 16),
    st.lists(st.sampled_from(colours.card_names()), min_size=2, max_size=7),
    st.none() | st.integers(1, 9),
)


def same(a: Commission, b: Commission) -> bool:
    return (a.title, a.artist, a.points, a.palette, a.artist_bonus) == (
        b.title,
        b.artist,
        b.points,
        b.palette,
        b.artist_bonus,
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(card=cards, given_id=st.none() | text)
def test_a_card_round_trips_through_the_file(tmp_path, card, given_id):
    assert check_card(card, {}).errors == ()
    path = tmp_path / "box.yaml"
    if path.exists():
        path.unlink()
    cid = given_id or slug(card.title)
    write_changes(str(path), add={cid: card})
    assert same(read_catalogue_file(path)[cid], card)
    assert same(parse_text("export", export_text({cid: card}))[cid], card)
    write_changes(str(path), remove=[cid])
    assert read_catalogue_file(path) == {}


@given(
    done=st.lists(st.sampled_from(colours.card_names()), max_size=4),
    last=st.text(alphabet=string.ascii_letters, max_size=4),
)
def test_card_completions_keep_what_was_typed(done, last):
    typed = ",".join(done + [last])
    for item in complete_cards(None, None, typed):
        assert item.value.lower().startswith(typed.lower())
        assert colours.parse_card(item.value.rsplit(",", 1)[-1])
