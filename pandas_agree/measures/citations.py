"""The works most records cite, written once (a record's ``reference`` names where its measure is defined)."""

__all__ = ["GWET_2014", "KO_CLASAGREE", "REZANKOVA_HUSEK", "SOKAL_SNEATH"]

REZANKOVA_HUSEK = "Řezanková & Húsek (2015), Measures for classification results evaluation, ICS CAS TR 1220"
KO_CLASAGREE = "Orlov, SPSS macro !KO_clasagree (description document)"
SOKAL_SNEATH = "Sokal & Sneath (1963), Principles of Numerical Taxonomy; " + REZANKOVA_HUSEK
GWET_2014 = "Gwet (2014), Handbook of Inter-Rater Reliability, 4th ed."
