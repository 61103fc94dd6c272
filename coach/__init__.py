"""Coach: findings against the rules and the folk maxims (够级俗语). Built in a later issue."""
