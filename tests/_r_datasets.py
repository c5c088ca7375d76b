"""R's data sets as the tests read them, with the R call that gives each."""

import pandas as pd

# R: as.data.frame(UCBAdmissions)
UCB_COUNTS = {"A": (512, 89, 313, 19), "B": (353, 17, 207, 8), "C": (120, 202, 205, 391), "D": (138, 131, 279, 244),
        "E": (53, 94, 138, 299), "F": (22, 24, 351, 317)}  # admitted male, female; rejected male, female
UCB = pd.DataFrame([(admit, gender, dept, n) for dept, (am, af, rm, rf) in UCB_COUNTS.items()
                    for admit, gender, n in (("Admitted", "Male", am), ("Admitted", "Female", af),
                                             ("Rejected", "Male", rm), ("Rejected", "Female", rf))],
                   columns=["Admit", "Gender", "Dept", "Freq"])

# R: as.data.frame(Titanic) (Class, Sex, Age, Survived, Freq: 32 rows, 8 of them of Freq 0), in R's order
TITANIC_FREQ = [0, 0, 35, 0, 0, 0, 17, 0, 118, 154, 387, 670, 4, 13, 89, 3, 5, 11, 13, 0, 1, 13, 14, 0, 57, 14, 75, 192,
                140, 80, 76, 20]
TITANIC = pd.DataFrame(
    [(cls, sex, age, survived) for survived in ("No", "Yes") for age in ("Child", "Adult")
     for sex in ("Male", "Female") for cls in ("1st", "2nd", "3rd", "Crew")],
    columns=["Class", "Sex", "Age", "Survived"]).assign(Freq=TITANIC_FREQ)
