"""What a walk gives people: the validation report (``validation``), what a record lets the referee
check (``coverage``), and the replay page's step-by-step data (``timeline``,
``partnership_timeline``).
"""
