"""The coach's version: what the deal library records beside every stored finding and evaluation, so that
rows an older coach made are known as stale (``data.recoach``).

When to bump ``COACH_VERSION`` (by one): whenever a change can alter a finding the coach makes of some log
(which findings, their kind, severity, seat, rule, maxim, wording or evidence) or an evaluation
(``coach.evaluate``: candidates, rollouts, grades, accuracy). A finding depends on the engine too: a row is
stale when either its engine version (``replay.version``) or its coach version is older. The golden files
pin the coach's output: tests/data/test_versions.py fails when the output of ``coach --json`` in them changed
while neither this number nor ``ENGINE_VERSION`` did.
"""

from __future__ import annotations

COACH_VERSION = 7
"""1: the first version recorded (rows stored before versions were recorded read as 0). 2: the seat view lists
the cards it has not seen in card order, not in the order of the hands that hold them (an evaluation's seat
view no longer depends on where the hidden cards sit). 3 (issue 16, a coach a learner can trust): every maxim
finding carries its worth in the study and its status (advice, or on trial with severity "trial" when the study
measured the maxim to cost points); an evaluation grades a decision in each view (``grades``) and the decisions no
sampling can excuse (``coach.certain``) at least a mistake in both views; a 保皇 seat that does not know the roles
samples the called card's copy into the 皇帝's hand too (独保 kept hidden), and the policy's choice among its
candidates reads only the roles it knew; the rollout policy goes out on jokers and holds back on low sets; the
settings record ``sampling`` (the seat view's worlds inferred from the others' play, ``coach.inference``, or
uniform, the default). 4 (issue 36, one judgement per move): a priced move's findings carry its one judgement
(``coach.judgement``: the price decides, a saying it contradicts is overruled, not a mistake) and take its severity;
a grade comes from the loss and its standard error alone (a certain error is said, no longer graded a mistake by
itself). 5 (issue 37, grades that hold on a rerun): a grade is the band the loss's lower bound (loss - 2 se) reaches,
a serious grade its interval leaves open is said as undecided; the loss is cross-fitted (the best chosen on half the
rollouts, its lead measured on the other half); rollouts go on, up to four times as many, while a serious threshold
lies inside the interval; the seat view's rollouts play without the policy's random moves (``seat_noise`` 0); 升级's
candidates read only what the seat knew, its value counts the points toward the next level and its grade unit is a
quarter of a level; a saying is a mistake by itself only where the study measured a gain, a saying on trial stays on
trial where the price grades nothing, and 有3不发单 takes the study's figure with the sign turned. 6 (issue 37, a stronger policy): the rollouts, the candidates'
policy mark and the policy's choice play 够级's and 保皇's tuned style (``coach.policy_style``: thresholds found by
self-play; among them a partner's very low set is covered while the partner holds many cards). 7 (issue 37): the
maxims study rerun with that policy (coach/maxim_effects.json): 挡三不挡四's *answer or not* now measured to cost
(on trial), 小花挂4 measured to gain (its interval's lower end just above 0), the other rows' figures moved."""
