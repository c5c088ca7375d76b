"""KAPPA_MAX's sign search under multinomial sampling finds each trial's variance from the current one's
(:class:`pandas_agree.inference.association._SignSearch`): that variance is the linearised variance of the gradient
at the turned signs, and the signs it settles on, and so the SE and interval, are those of the search that
evaluates every trial's gradient over all the cells (written out here), on square and non-square tables with tied
margins."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pandas_agree.engine.tableview import TableView
from pandas_agree.inference.association import _margin_gradient, _SignSearch, kappa_max_interval
from pandas_agree.inference.delta import linearised_variance
from pandas_agree.inference.estimates import IntervalOptions


def margins(view: TableView):
    """Pe, T, the starting signs (the tied labels' +1), the searched labels and the variance at given signs with the
    gradient over every non-empty cell, as kappa_max_interval has them."""
    n = float(view.n)
    rows, cols = np.zeros(view.q), np.zeros(view.q)
    rows[view.row_place] = view.row_totals / n
    cols[view.col_place] = view.col_totals / n
    difference = rows - cols
    pe = float(rows @ cols)
    tv = float(np.maximum(difference, 0.0).sum())
    u, v = view.entry_places
    spread = cols[u] + rows[v] - 2 * pe
    gradient = _margin_gradient(view, pe, difference, spread)
    counts = view.entries[2]

    def variance(signs):
        return float(linearised_variance(counts, gradient(signs, tv)))

    signs = np.sign(difference)
    tied = np.flatnonzero((difference == 0) & (rows + cols > 0))
    signs[tied] = 1.0
    searched = tied[np.argsort(-(rows + cols)[tied], kind="stable")[:12]]
    return pe, tv, signs, searched, variance, rows, cols


def searched_over_cells(view: TableView) -> float:
    """The SE of the sign search with every trial's gradient over the non-empty cells."""
    _, _, signs, searched, variance, _, _ = margins(view)
    best, improved = variance(signs), len(searched) > 0
    while improved:
        improved = False
        for k in searched:
            signs[k] = -signs[k]
            trial = variance(signs)
            if trial > best * (1 + 1e-12):
                best, improved = trial, True
            else:
                signs[k] = -signs[k]
    return float(np.sqrt(variance(signs)))


@st.composite
def tied_tables(draw):
    """Tables whose margins tie on several labels (a symmetric part), some labels on one side only."""
    q = draw(st.integers(2, 9))
    half = np.array(draw(st.lists(st.integers(0, 6), min_size=q * q, max_size=q * q)), float).reshape(q, q)
    table = half + half.T if draw(st.booleans()) else half
    i = draw(st.integers(1, q))
    j = draw(st.integers(1, q))
    rows = np.arange(q)[:i] if draw(st.booleans()) else np.arange(q)
    cols = np.arange(q)[q - j:] if draw(st.booleans()) else np.arange(q)
    return TableView(table[np.ix_(rows, cols)], np.arange(len(rows)), np.arange(len(cols)), rows, cols, q)


@settings(max_examples=300, deadline=None)
@given(tied_tables())
def test_search_settles_on_the_cell_by_cell_signs(view):
    if not view.n > 0:
        return
    estimate = kappa_max_interval(view, IntervalOptions("auto"))
    if np.isnan(estimate.value):
        return
    assert float(estimate.se) == searched_over_cells(view)


def test_many_tied_labels():
    """A symmetric table of 40 labels: every margin ties, the search turns 12 of them over several rounds."""
    rng = np.random.default_rng(3)
    half = rng.integers(0, 9, (40, 40)).astype(float)
    table = half + half.T
    table[np.arange(40), np.arange(40)] += 30
    q = np.arange(40)
    view = TableView(table, q, q, q, q, 40)
    estimate = kappa_max_interval(view, IntervalOptions("auto"))
    assert float(estimate.value) == 1.0
    assert float(estimate.se) == searched_over_cells(view) > 0


@settings(max_examples=200, deadline=None)
@given(tied_tables(), st.lists(st.integers(0, 11), min_size=1, max_size=8))
def test_each_turn_keeps_the_variance_over_the_cells(view, turns):
    """After any sequence of turns the variance read off the sums is the gradient's over every cell (1e-9)."""
    if not view.n > 0:
        return
    pe, tv, signs, searched, variance, rows, cols = margins(view)
    if not pe < 1 or not len(searched):
        return
    u, v = view.entry_places
    search = _SignSearch(view, signs, searched, pe, tv, view.entries[2], cols[u] + rows[v] - 2 * pe)
    for at in (t % len(searched) for t in turns):
        trial = search.variance(search.turned(at))
        search.turn(at)
        expected = variance(search.signs)
        assert abs(search.variance() - expected) <= 1e-9 * max(expected, 1e-300) + 1e-15
        assert trial == search.variance()


def test_the_note_counts_the_tied_labels_in_words():
    one = TableView(np.array([[5.0, 1, 0], [1, 5, 2], [0, 0, 4]]), np.arange(3), np.arange(3), np.arange(3),
                    np.arange(3), 3)  # label 0's margins tie (6 and 6), the others differ
    two = TableView(np.array([[3.0, 1], [1, 3]]), np.arange(2), np.arange(2), np.arange(2), np.arange(2), 2)
    assert "1 label has equal margins" in kappa_max_interval(one, IntervalOptions("auto")).note
    assert "2 labels have equal margins" in kappa_max_interval(two, IntervalOptions("auto")).note
