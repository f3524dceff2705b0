"""Pure rule functions over cards and tables, used by every engine: who wins a trick, what a
follower may play, whether a deal is right, which melds are legal and what they score, the copy
ledgers of the reuse rules, the numbering of tricks and battles.
"""
