"""R's data sets as the tests read them, with the R call that gives each."""

import pandas as pd

# R: as.data.frame(UCBAdmissions)
UCB_COUNTS = {"A": (512, 89, 313, 19), "B": (353, 17, 207, 8), "C": (120, 202, 205, 391), "D": (138, 131, 279, 244),
        "E": (53, 94, 138, 299), "F": (22, 24, 351, 317)}  # admitted male, female; rejected male, female
UCB = pd.DataFrame([(admit, gender, dept, n) for dept, (am, af, rm, rf) in UCB_COUNTS.items()
                    for admit, gender, n in (("Admitted", "Male", am), ("Admitted", "Female", af),
                                             ("Rejected", "Male", rm), ("Rejected", "Female", rf))],
                   columns=["Admit", "Gender", "Dept", "Freq"])
