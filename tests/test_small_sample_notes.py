"""The notes of ci="auto"'s small-sample rules name only the values that took the rule: on a 4×4 table of fewer than
200 objects, the class-specific HSS takes Donner and Eliasziw's interval and the multiclass coefficients the BCa
bootstrap's, and the notes say so without claiming Donner and Eliasziw's interval for KAPPA, SPI or ALPHA."""

import warnings

import numpy as np
import pandas as pd
import pytest

import pandas_agree as pa

# vcd's SexualFun: Husband (rows) x Wife (columns), 91 couples.  R: library(vcd); data(SexualFun)
LEVELS = ["Never Fun", "Fairly Often", "Very Often", "Always fun"]
SEXUAL_FUN = pd.DataFrame([[7, 7, 2, 3], [2, 8, 3, 7], [1, 5, 4, 9], [2, 8, 9, 14]], index=LEVELS, columns=LEVELS)


def _rule_notes(report) -> list[str]:
    return [n for n in report.notes if "Eliasziw's (1992)" in n or "BCa bootstrap" in n]


@pytest.fixture(scope="module")
def four_by_four():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return pa.Agreement.from_table(SEXUAL_FUN).report(random_state=0)


def test_four_classes_the_coefficients_take_bca_and_the_note_does_not_claim_donner_eliasziw(four_by_four):
    methods = four_by_four.multiclass["method"]
    for code in ("KAPPA", "SPI", "ALPHA"):
        assert "bootstrap bca" in methods[code] and "Donner" not in methods[code]
    notes = _rule_notes(four_by_four)
    assert not any("KAPPA, KAPPA_W, SPI" in n for n in notes)
    assert any(n.startswith("With fewer than 200 objects, each class's HSS") for n in notes)


def test_four_classes_hss_takes_donner_eliasziw(four_by_four):
    assert four_by_four.binary.attrs["methods"]["HSS"] == "Fleiss–Cohen–Everitt SE, Donner–Eliasziw interval"


def test_two_classes_name_both_rules():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        report = pa.Agreement.from_table(np.array([[40, 3], [4, 3]])).report(random_state=0)
    notes = _rule_notes(report)
    assert any(n.startswith("With fewer than 200 objects on two classes, KAPPA, KAPPA_W, SPI and ALPHA get Donner")
               for n in notes)
    assert any(n.startswith("With fewer than 200 objects, each class's HSS") for n in notes)
    assert report.multiclass.loc["KAPPA", "method"].endswith("Donner–Eliasziw interval")
