"""The documentation's sources agree with the code: the catalogue with the registry, the API reference with the
public names, and every public docstring has an Examples section (the doctests run in test_doctests.py)."""

import importlib.util
import inspect
import re
from pathlib import Path

import pandas as pd
import pytest

import pandas_agree as pa
from pandas_agree.report.comparison import ComparisonReport
from pandas_agree.report.raters import RaterReport

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _catalogue_module():
    spec = importlib.util.spec_from_file_location("make_catalogue", DOCS / "make_catalogue.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_catalogue_page_is_generated_from_the_registry():
    page = (DOCS / "catalogue.md").read_text(encoding="utf-8")
    assert page == _catalogue_module().render(), "run python docs/make_catalogue.py"


def _page_sections() -> dict[str, dict[str, str]]:
    """The catalogue page's entries: section title → {code: the entry's text}."""
    page = (DOCS / "catalogue.md").read_text(encoding="utf-8")
    out = {}
    for section in page.split("\n## ")[1:]:
        title, _, body = section.partition("\n")
        out[title] = {code: entry for code, entry in re.findall(r"^### (\S+): (.+?)(?=^### |\Z)", body,
                                                                flags=re.MULTILINE | re.DOTALL)}
    return out


def test_catalogue_documents_every_measure_the_analyses_compute():
    """Every code an analysis outputs (all parameters given) has an entry in its kind's section, and the page
    documents nothing the analyses do not compute."""
    import warnings

    import numpy as np

    sections = _page_sections()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ag = pa.Agreement.from_table(np.array([[20.0, 5, 3], [4, 15, 8], [2, 6, 30]]))
        binary = ag.binary(beta=2, tversky=(1, 2)).columns.get_level_values(0).unique()
        binary = list(dict.fromkeys([*binary, *ag.binary(["FBETA", "TVERSKY"], beta=2, tversky=(1, 2)).columns]))
        multiclass = list(ag.multiclass(kappa_weights="linear").index)
        multiclass += list(pa.Agreement.from_table([[20.0, 5], [4, 15]]).multiclass(["PABAK", "PI", "BI"]).index)
        association = list(ag.multiclass(list(pa.measures("association")["code"])).index)
        ra = pa.datasets.load("anxiety").agree.raters(["rater1", "rater2", "rater3"])
        raters = list(ra.summary().index)
        sc = pa.datasets.load("cancer_scores").agree.scores("diagnosis", "logistic")
        scores = list(sc.values(max_fpr=0.1).index) + list(sc.values("PAUC", max_fpr=0.1).index)
    # multiclass() shows CRAMERV, LAMBDA and UC by default: association statistics, documented in their section
    assert {"CRAMERV", "LAMBDA", "UC"} <= set(multiclass) & set(association)
    computed = {"Class-specific measures": binary,
                "Multiclass measures": [code for code in multiclass if code not in association],
                "Association statistics": association, "Coefficients of several raters": raters,
                "Statistics of a score": scores}
    assert set(sections) == set(computed)
    for title, codes in computed.items():
        assert sorted(sections[title]) == sorted(codes), title
        for code in codes:
            assert "| interval |" in sections[title][code] and "| reference |" in sections[title][code]


def test_conventions_list_the_registry_before_averaged_measures():
    # the one place in the prose notes that enumerates a registry rule must match the registry
    text = (DOCS / "notes" / "conventions.md").read_text(encoding="utf-8")
    listed = re.search(r"`timing=\"default\"` follows the macro `!KO_clasagree`: (.+?) average their terms",
                       " ".join(text.split())).group(1)
    named = set(re.findall(r"[A-Z][A-Z0-9]+", listed))
    registry = pa.measures()
    before = set(registry.loc[registry["averaging"].str.startswith("before", na=False), "code"])
    assert named == before


def _api_names() -> set[str]:
    text = (DOCS / "api.rst").read_text(encoding="utf-8")
    names, module = set(), None
    for line in text.splitlines():
        if line.startswith(".. currentmodule::"):
            module = line.split("::")[1].strip()
        elif line.startswith("   ") and not line.strip().startswith(":") and line.strip():
            names.add(f"{module}.{line.strip()}")
    return names


def _public_methods(cls) -> list[str]:
    return [name for name, member in inspect.getmembers(cls)
            if not name.startswith("_") and (inspect.isfunction(member) or inspect.ismethod(member))
            and name not in RENDERER_HOOKS]


# what every report gives the renderers (pandas_agree.report.rendered.Rendered): its document, the sets of labels
# its outputs tell apart and the headings they tell them apart from; documented there and in docs/notes/report.md,
# not one by one in the API reference
RENDERER_HOOKS = ("document", "label_sets", "headings")


PUBLIC_CLASSES = {"pandas_agree.Agreement": pa.Agreement, "pandas_agree.AgreementReport": pa.AgreementReport,
                  "pandas_agree.RaterAgreement": pa.RaterAgreement, "pandas_agree.Comparison": pa.Comparison,
                  "pandas_agree.RaterReport": RaterReport,
                  "pandas_agree.ComparisonReport": ComparisonReport}


def test_api_reference_lists_every_public_name():
    listed = _api_names()
    expected = {f"pandas_agree.{name}" for name in pa.__all__ if name not in ("__version__", "datasets")}
    expected |= {f"pandas_agree.datasets.{name}" for name in pa.datasets.__all__}
    for path, cls in PUBLIC_CLASSES.items():
        expected |= {f"{path}.{name}" for name in _public_methods(cls)}
    expected |= {f"pandas.DataFrame.agree.{name}" for name in _public_methods(pa.AgreeAccessor)}
    expected.add("pandas.DataFrame.agree")
    try:
        from pandas_agree.integrations.dask_accessor import DaskAgreeAccessor
    except ImportError:
        pass
    else:
        expected |= {f"pandas_agree.integrations.dask_accessor.DaskAgreeAccessor.{name}"
                     for name in _public_methods(DaskAgreeAccessor)}
    assert not expected - listed, f"missing from docs/api.rst: {sorted(expected - listed)}"


def _resolve(name: str):
    if name.startswith("pandas.DataFrame.agree"):
        rest = name.removeprefix("pandas.DataFrame.agree").lstrip(".")
        return getattr(pa.AgreeAccessor, rest) if rest else pa.AgreeAccessor.__call__
    module, obj = "pandas_agree", pa
    for part in name.removeprefix("pandas_agree.").split("."):
        obj = getattr(obj, part) if hasattr(obj, part) else importlib.import_module(f"{module}.{part}")
        module = f"{module}.{part}"
    return obj


@pytest.mark.parametrize("name", sorted(_api_names()))
def test_every_documented_object_has_examples(name):
    if name.startswith("pandas_agree.integrations.dask_accessor"):
        pytest.importorskip("dask.dataframe")
    doc = inspect.getdoc(_resolve(name)) or ""
    assert re.search(r"^Examples\n--------$", doc, flags=re.MULTILINE), f"{name} has no Examples section"
    assert ">>> " in doc.split("Examples\n--------")[1]


def test_accessor_is_registered_on_pandas():
    assert isinstance(pd.DataFrame().agree, pa.AgreeAccessor)


def test_hand_written_pages_link_in_plain_markdown():
    # MyST roles such as {doc} show as raw text where Markdown is read without Sphinx (on a repository page);
    # only the generated catalogue uses roles (its anchors need them)
    docs = Path(__file__).resolve().parents[1] / "docs"
    pages = [p for p in docs.rglob("*.md") if p.name != "catalogue.md" and "_build" not in p.parts]
    offending = [str(p.relative_to(docs)) for p in pages if "{doc}`" in p.read_text(encoding="utf-8")]
    assert not offending, f"use [text](page.md) links instead of {{doc}} roles in {offending}"


@pytest.mark.parametrize("name", ["planning.md", "scores.md"])
def test_the_guide_s_interactive_examples_give_what_they_show(name):
    """The ``>>>`` examples of the rater-study guide (docs/user_guide/planning.md) and of the scores guide run and
    print what the page shows, so that their numbers follow the package."""
    import doctest
    import re
    import warnings
    from pathlib import Path

    page = (Path(__file__).parents[1] / "docs" / "user_guide" / name).read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", page, flags=re.S) if ">>>" in b]
    assert blocks
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    globs: dict = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for i, block in enumerate(blocks):  # one namespace: later blocks use what earlier ones made
            test = parser.get_doctest(block, globs, f"{name} block {i}", name, 0)
            runner.run(test, clear_globs=False)
            globs.update(test.globs)
    assert runner.failures == 0, f"{runner.failures} of {runner.tries} examples of {name} fail"
