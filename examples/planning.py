"""Planning a rater study: the numbers of the user guide "Planning and reporting a rater study".

Run as ``python examples/planning.py``.
"""

from pandas_agree import plan


def main() -> dict:
    out = {}
    # two raters, binary ratings: show that kappa exceeds 0.4 when it is 0.6 (Cantor 1996)
    out["kappa"] = n = plan.cohen_kappa_n(0.3, 0.3, kappa1=0.6, kappa0=0.4)
    print(n.describe())
    # three raters and three categories (Donner and Eliasziw's goodness-of-fit approach)
    out["raters"] = plan.raters_kappa_n(0.6, 0.4, [0.3, 0.6, 0.1], raters=3)
    print(out["raters"].describe())
    # an interval of kappa from 0.3 to 0.5 around 0.4, binary ratings, two raters
    out["interval"] = plan.raters_kappa_interval_n(0.4, 0.3, 0.3, upper=0.5)
    print(out["interval"].describe())
    # the other way round: what 80 subjects give
    power = plan.cohen_kappa_power(80, 0.3, 0.3, kappa1=0.6, kappa0=0.4)
    kappa = plan.cohen_kappa_detectable(80, 0.3, 0.3, kappa0=0.4)
    print(f"80 subjects: power {power:.3f} at kappa 0.6; kappa {kappa:.3f} detected with power 0.8")
    # the classifier against the reference: sensitivity within ±0.07 at a prevalence of 10%
    out["sensitivity"] = plan.sensitivity_n(0.80, prevalence=0.10, precision=0.07)
    out["specificity"] = plan.specificity_n(0.90, prevalence=0.10, precision=0.05)
    print(out["sensitivity"].describe())
    print(out["specificity"].describe())
    # two classifiers on the same subjects, accuracies 0.75 and 0.85, disagreeing about 20% of the subjects
    out["paired"] = plan.paired_accuracy_n(0.75, 0.85, discordant=0.20)
    print(out["paired"].describe())
    return out


if __name__ == "__main__":
    main()
