"""A misspelt choice gets the choice it is closest to in its error (as an unknown measure code and an unknown
keyword argument already do); a word near none gets the list alone."""

import pandas as pd
import pytest

import pandas_agree as pa  # noqa: F401  (the accessor)
from pandas_agree.base.options import check_option, keywords


@pytest.fixture
def df():
    return pd.DataFrame({"a": list("xyxy"), "b": list("xxyy")})


def test_a_misspelt_choice_names_the_close_one(df):
    with pytest.raises(ValueError, match=r"got 'bootsrap' \(did you mean 'bootstrap'\?\)$"):
        df.agree("a", "b").binary(ci="bootsrap")
    with pytest.raises(ValueError, match=r"got \['unweigted'\] \(did you mean 'unweighted'\?\)$"):
        df.agree("a", "b").averages(average=["unweigted"])


def test_spss_keywords_in_any_case_name_each_misspelt_word(df):
    with pytest.raises(ValueError, match=r"got \['chisqr', 'PHII', 'zzz'\] \('chisqr': did you mean 'chisq'\?; "
                                         r"'PHII': did you mean 'phi'\?\)$"):
        df.agree.crosstabs("a", "b").statistics(["chisqr", "PHII", "zzz"])
    with pytest.raises(ValueError, match=r"got \['cout', 'expected'\] \('cout': did you mean 'count'\?\)$"):
        keywords("cells", ["cout", "expected"])


@pytest.mark.parametrize(("name", "value"), [("statistics", "cel"), ("ci", "zzz"), ("bands", "q")])
def test_a_word_near_no_choice_gets_the_list_alone(name, value):
    with pytest.raises(ValueError) as err:
        check_option(name, value)
    assert str(err.value).endswith(f"got {value!r}")
