"""The questions asked of the engine, each in a module of its own.

:mod:`~prefdd.solver.analyses.contracts` (a named contract), :mod:`~prefdd.solver.analyses.tables`
(every declarer and contract family), :mod:`~prefdd.solver.analyses.played` (a played deal, card by
card), :mod:`~prefdd.solver.analyses.talon` and :mod:`~prefdd.solver.analyses.talon_batch` (the
discard and the contract to name), :mod:`~prefdd.solver.analyses.layouts` (the cards a player cannot
see), :mod:`~prefdd.solver.analyses.bidding` and :mod:`~prefdd.solver.analyses.bid_values` (bid
expectations), :mod:`~prefdd.solver.analyses.whist` and :mod:`~prefdd.solver.analyses.whist_values`
(the defenders' answers: whist or pass, go with or stay home), :mod:`~prefdd.solver.analyses.runner`
(many layouts on workers), :mod:`~prefdd.solver.analyses.scores` (what an outcome scores). They are built on
:mod:`prefdd.solver.api` and :mod:`prefdd.solver.batch`; :mod:`prefdd.solver` offers their names.
"""
