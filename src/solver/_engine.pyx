# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The double-dummy search engine, in C structs and without the GIL.

A hand is a 64-bit mask: 16 bits per play suit, bit ``16*suit + order`` for a
card of that play suit and strength ``order`` (0 = lowest). The Python layer
maps printed cards to these bits once (Polskt pass jacks live above the
trump ace), so the engine knows nothing of decks or games: only seats, a
trump suit, the play constraints and a goal.

The search answers zero-window questions ("can the MAX seats make the
counted seats take T more tricks?", or "does the MAX player win the deal?") by alpha-beta over single
cards, with a transposition table at trick boundaries keyed by relative
ranks and storing bounds; :meth:`Engine.value` drives the questions.

The engine is one compilation unit, so that the C compiler inlines across
techniques; each technique is in a file of its own, included below in this
order:

- ``state.pxi``: the state in bit masks, the helpers that read it, the
  loading of a position;
- ``moves.pxi``: the legal cards, the equivalent ones, a card played and
  taken back;
- ``ordering.pxi``: move ordering (rank bands, the leads of four seats,
  ducking, the killer lead and the misère history);
- ``transposition.pxi``: the transposition table, keyed by suit lengths and
  the holders of the ranks that mattered, an engine's own or shared by
  engines searching it together (one per thread);
- ``quick_tricks.pxi``: the tricks the leader's side surely cashes at once;
- ``minimising.pxi``: sure answers when each side pushes tricks onto the
  other (misère, nolla);
- ``later_tricks.pxi``: tricks a side surely takes or loses some time (top
  trumps, leads the other side tops);
- ``search.pxi``: trick_node and play_node, and the driver of the
  zero-window questions;
- ``talon.pxi``: the declarer's best discard, for every discard in one loop.

This file holds :class:`Engine`, the class Python uses, and :class:`TransTable`, a table engines share.
"""

from libc.stdint cimport int8_t, int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort
from libc.string cimport memcpy, memmove, memset

include "state.pxi"
include "moves.pxi"
include "ordering.pxi"
include "transposition.pxi"
include "quick_tricks.pxi"
include "minimising.pxi"
include "later_tricks.pxi"
include "search.pxi"
include "talon.pxi"

GOAL_TRICKS = G_TRICKS
GOAL_WIN = G_WIN


class Stopped(KeyboardInterrupt):
    """A search ended early by :meth:`Engine.stop`: it has no answer."""


cdef class TransTable:
    """A transposition table of `table_mb` megabytes, for one engine or shared by several.

    Engines made with the same table (``Engine(table=t)``) search it at once, each in its
    own thread: every lookup and store then holds the table's lock. An entry is a
    bound on a position's value, true whichever engine found it, so sharing changes
    how fast the engines answer, never what.
    """

    cdef Table t
    # The questions' contexts (seats, trump, constraints, goal, sides) and their numbers in the shapes;
    # `numbering` counts the times they were numbered again (the engines' own tables are then cleared).
    cdef dict contexts
    cdef int numbering
    cdef int engines

    def __cinit__(self, int table_mb=256):
        cdef uint64_t nslots = 1
        cdef uint64_t budget = (<uint64_t>table_mb) * 1024 * 1024
        while nslots * 2 * sizeof(Slot) <= budget // 4:
            nslots *= 2
        self.t.slots = <Slot*>calloc(nslots, sizeof(Slot))
        self.t.npool = min((budget - nslots * sizeof(Slot)) // (sizeof(Entry) + sizeof(uint64_t)), 0xFFFFFFFF)
        self.t.pool = <Entry*>calloc(self.t.npool, sizeof(Entry))
        self.t.tags = <uint64_t*>calloc(self.t.npool, sizeof(uint64_t))
        self.t.stripes = <uint64_t*>calloc(8 * STRIPES, sizeof(uint64_t))
        if self.t.slots == NULL or self.t.pool == NULL or self.t.tags == NULL or self.t.stripes == NULL:
            raise MemoryError(f"cannot allocate a {table_mb} MB transposition table")
        self.t.nslots = nslots
        self.t.nactive = min(nslots, SLOTS_START)
        touch_slots(&self.t, 0, self.t.nactive)
        self.t.epoch = 1
        self.t.slots_used = 0
        self.t.pool_used = 0
        forget_spares(&self.t)
        self.contexts = {}

    def __dealloc__(self):
        free(self.t.slots)
        free(self.t.pool)
        free(self.t.tags)
        free(self.t.stripes)

    @property
    def shared(self):
        """Whether several engines search the table."""
        return bool(self.t.shared)


cdef class Engine:
    """A search engine with its own transposition table (one per thread), or one shared with others.

    Positions are set with :meth:`set_position` in engine terms (seats in play
    order, 64-bit hands); the Python API in :mod:`prefdd.solver.api` does that mapping.

    `table` is a :class:`TransTable` to search instead of a new one of `table_mb`
    megabytes. With a shared `table` and `share_from`, positions of fewer tricks
    left than `share_from` go to a table of the engine's own (`table_mb`
    megabytes): they are many and cheap to search again, and kept apart their
    lookups and stores take no lock and stay in this core's cache.
    """

    cdef State st
    cdef readonly TransTable table
    cdef TransTable own
    cdef int numbering
    # The arguments of the last set_position (None after a batch or talon search): the same position loaded
    # again keeps its misère history (see load).
    cdef object last_position
    # Engines are tracked weakly (prefdd.solver.stopping), so that a stop reaches every one.
    cdef object __weakref__

    def __cinit__(self, int table_mb=256, TransTable table=None, int share_from=0):
        self.table = TransTable(table_mb) if table is None else table
        self.table.engines += 1
        if self.table.engines > 1:
            self.table.t.shared = 1
        self.st.tt = &self.table.t
        self.own = TransTable(table_mb) if table is not None and share_from > 0 else self.table
        self.st.near = &self.own.t
        self.st.share_from = share_from if table is not None else 0
        self.numbering = self.table.numbering
        forget_killers(&self.st, KILLER_SLOTS)

    cdef inline void lock(self) noexcept nogil:
        if self.st.tt.shared:
            table_lock(self.st.tt)

    cdef inline void unlock(self) noexcept nogil:
        if self.st.tt.shared:
            table_unlock(self.st.tt)

    cdef void restart_tables(self) noexcept:
        """Forget every entry of the engine's tables and their deals (the shared one under its lock)."""
        self.lock()
        tt_start(self.st.tt, NULL)
        self.unlock()
        if self.st.near != self.st.tt:
            tt_start(self.st.near, NULL)

    cdef int fill(self, Setup* su, tuple args) except -1:
        """Check a position's arguments (as set_position's) and write them into `su`."""
        hands, trump, constraints, lw_seat, declarer, goal, maxside, counted, leader, trick, won, first2 = args
        cdef int i, n = len(hands)
        if not 2 <= n <= MAX_SEATS:
            raise ValueError(f"the engine plays with 2 to {MAX_SEATS} seats, not {n}")
        if len(trick) >= n:
            raise ValueError("a trick in progress has fewer cards than seats")
        context = (n, trump, constraints, lw_seat, declarer, goal, tuple(maxside), tuple(counted))
        contexts = self.table.contexts
        if context not in contexts:
            if len(contexts) >= 0xFFFF:
                # (Numbers are given again: with the table shared, every engine must be between questions.)
                contexts.clear()
                self.table.numbering += 1
                self.lock()
                tt_clear(self.st.tt)
                self.unlock()
            contexts[context] = len(contexts) + 1
        if self.numbering != self.table.numbering:
            # Numbered again (by this engine or another): the own table's entries name old numbers.
            self.numbering = self.table.numbering
            tt_clear(self.st.near)
        su.ctx = contexts[context]
        su.n = n
        su.trump = trump
        su.cons = constraints
        su.lw_seat = lw_seat
        su.decl_seat = declarer
        su.goal = goal
        for i in range(MAX_SEATS):
            su.hands[i] = hands[i] if i < n else 0
            su.maxside[i] = maxside[i] if i < n else 0
            su.counted[i] = counted[i] if i < n else 0
            su.won[i] = won[i] if i < n else 0
        su.first2 = first2
        su.leader = leader
        su.ntrick = len(trick)
        for i in range(su.ntrick):
            su.trick[i] = trick[i]
        return 0

    def set_position(self, hands, int trump, int constraints, int lw_seat, int declarer,
                     int goal, maxside, counted, int leader, trick, won, int first2):
        """Load a position: `trick` holds the cards of the trick in progress, led by `leader`.

        The seats marked in `maxside` play for a high value, the others for a low one;
        the value is the number of tricks the seats marked in `counted` take
        (GOAL_TRICKS), or 1 if the `maxside` seat wins the deal (GOAL_WIN).
        """
        cdef Setup su
        position = (tuple(hands), trump, constraints, lw_seat, declarer, goal, tuple(maxside), tuple(counted),
                    leader, tuple(trick), tuple(won), first2)
        self.fill(&su, position)
        load(&self.st, &su, position == self.last_position)
        self.last_position = position

    def stop(self):
        """Stop the search running on this engine (a call from another thread): it unwinds from its
        next trick start, and the call that started it raises :class:`Stopped`. An engine not
        searching stops its next search, unless :meth:`resume` comes first."""
        pdd_store(&self.st.stop, 1)

    def resume(self):
        """Let the next search run: undo a :meth:`stop` that found no search running."""
        pdd_store(&self.st.stop, 0)

    @property
    def stopped(self):
        """Whether a :meth:`stop` waits for this engine's next search (one sent while it searched none)."""
        return bool(pdd_load(&self.st.stop))

    cdef int check_stopped(self) except -1:
        """Raise Stopped if the search was stopped. A stopped search stores no answer it did not finish
        (trick_node), so the tables keep only sound entries; an engine's own table starts again all the
        same, a shared one is kept for the engines still searching it."""
        if pdd_load(&self.st.stop):
            pdd_store(&self.st.stop, 0)
            if not self.st.tt.shared:
                self.restart_tables()
            raise Stopped("the search was stopped")
        return 0

    def clear(self):
        """Forget every table entry, as for another deal: the next search starts from a cold table."""
        self.restart_tables()

    def value(self):
        """MAX's best result from here: more tricks (G_TRICKS) or 1/0 for a won deal (G_WIN)."""
        cdef int result
        with nogil:
            result = search_value(&self.st)
        self.check_stopped()
        return result

    def values(self, positions):
        """The value (as :meth:`value`) of each position, given as set_position's arguments.

        The whole batch is searched without the GIL, so threads each with their
        own engine run side by side.
        """
        cdef Py_ssize_t i, count = len(positions)
        cdef Setup* setups = <Setup*>malloc(max(count, 1) * sizeof(Setup))
        cdef int* out = <int*>malloc(max(count, 1) * sizeof(int))
        if setups == NULL or out == NULL:
            free(setups)
            free(out)
            raise MemoryError("cannot allocate a batch")
        self.last_position = None
        try:
            for i in range(count):
                self.fill(&setups[i], tuple(positions[i]))
            with nogil:
                for i in range(count):
                    if pdd_load(&self.st.stop):
                        break
                    load(&self.st, &setups[i])
                    out[i] = search_value(&self.st)
            self.check_stopped()
            return [out[i] for i in range(count)]
        finally:
            free(setups)
            free(out)

    def reaches(self, int target):
        """Whether MAX can reach `target` more tricks (G_TRICKS) or win the deal (target 1)."""
        cdef int result
        with nogil:
            result = probe(&self.st, target)
        self.check_stopped()
        return bool(result)

    def left(self):
        """Tricks not yet complete, the current one included."""
        return pdd_popcount(self.st.hands[to_move(&self.st)])

    def to_move(self):
        """The seat (engine index) to play next."""
        return to_move(&self.st)

    def tricks_won(self):
        """Tricks won so far, by engine seat."""
        return [self.st.won[i] for i in range(self.st.n)]

    def legal(self):
        """The legal cards of the player to move, as a 64-bit mask."""
        return legal_moves(&self.st)

    def representatives(self, uint64_t allowed):
        """One card of each run of interchangeable cards among `allowed`."""
        return representatives(&self.st, allowed)

    def ordered(self):
        """The legal cards of the player to move, one for each run, in the order the search tries them."""
        cdef int moves[16]
        cdef uint64_t allowed = legal_moves(&self.st)
        if not allowed:
            return []
        cdef int count = order_node(&self.st, representatives(&self.st, allowed), moves)
        return [moves[i] for i in range(count)]

    def walk_start(self):
        """With four seats, the tricks from here that :meth:`value`'s walk asks about first."""
        return walk_start(&self.st, pdd_popcount(self.st.hands[to_move(&self.st)]))

    def present(self):
        """Every card in a hand or in the trick in progress."""
        return present_cards(&self.st)

    def play(self, int card):
        """Play a card for the player to move; returns the trick's winner if it completes it, else -1."""
        if self.st.ply >= MAX_PLIES:
            raise ValueError("too many cards played on this engine")
        play_card(&self.st, card)
        return self.st.undo[self.st.ply - 1].winner

    def unplay(self):
        """Take back the last card played with :meth:`play`."""
        if self.st.ply == 0:
            raise ValueError("no card to take back")
        unplay_card(&self.st)

    @property
    def nodes(self):
        """Search nodes visited since the engine was made."""
        return self.st.nodes

    @property
    def slots_in_use(self):
        """The table's slots in use (it starts small, doubles as it fills, and starts small again for a new deal)."""
        return self.st.tt.nactive

    @property
    def trick_nodes(self):
        """Trick starts reached by the search since the engine was made (DDS counts these as its nodes)."""
        return self.st.trick_nodes

    def deal_values(self, const uint64_t[:, ::1] hands, int trump, int constraints, int lw_seat, int declarer,
                    maxside, counted, int leader, int32_t[::1] out, trick=()):
        """For each row of `hands` (one deal per row, seats as set_position's), its value (as :meth:`value`,
        counting tricks) into `out`; `trick` holds the cards of a first trick in progress, led by `leader`
        and the same in every row (each row's hands hold them, as set_position's do).

        The rows are searched in order without the GIL, as :meth:`values` searches its positions, with
        none of their Python: a batch of layouts of one problem differs only in the hands.
        """
        cdef Setup su
        cdef Py_ssize_t row, rows = hands.shape[0]
        cdef int n = hands.shape[1], i, cards
        cdef uint64_t seen
        if out.shape[0] != rows:
            raise ValueError(f"{rows} deals but room for {out.shape[0]} answers")
        if rows == 0:
            return
        for row in range(rows):
            cards = pdd_popcount(hands[row, 0])
            seen = 0
            for i in range(n):
                if pdd_popcount(hands[row, i]) != cards or cards > 16 or hands[row, i] & seen:
                    raise ValueError(f"row {row}: seat {i} does not hold {cards} cards of its own (at most 16)")
                seen |= hands[row, i]
        self.fill(&su, ([hands[0, i] for i in range(n)], trump, constraints, lw_seat, declarer,
                        G_TRICKS, maxside, counted, leader, list(trick), [0] * n, -1))
        for i in range(su.ntrick):
            if not 0 <= su.trick[i] < 64:
                raise ValueError(f"the trick's card {su.trick[i]} is not a card bit (0-63)")
            for row in range(rows):
                if not (hands[row, (leader + i) % n] >> su.trick[i]) & 1:
                    raise ValueError(f"row {row}: seat {(leader + i) % n} does not hold the trick's card")
        self.last_position = None
        with nogil:
            for row in range(rows):
                if pdd_load(&self.st.stop):
                    break
                for i in range(n):
                    su.hands[i] = hands[row, i]
                load(&self.st, &su)
                out[row] = search_value(&self.st)
        self.check_stopped()

    def talon_values(self, const uint64_t[:, ::1] hands, int me, int size, int trump, int constraints,
                     int lw_seat, int declarer, maxside, counted, int leader, bint minimise,
                     int32_t[::1] out):
        """For each row of `hands` (one deal per row, seats as set_position's), the declarer's best value
        over every discard of `size` cards (1 or 2) from his hand `hands[row, me]`, into `out`.

        The value is his tricks, or with `minimise` the tricks he leaves to the defenders (the
        engine's MAX side are then the defenders, `counted` him): higher is better for him, as
        in :class:`prefdd.solver.analyses.talon._Question`. Rows run in order without the GIL, each starting
        from the previous row's best discard and value (neighbouring deals tend to agree).
        """
        cdef Setup su
        cdef Py_ssize_t row, rows = hands.shape[0]
        cdef int n = hands.shape[1], i, total, guess, cards
        cdef uint64_t first = 0
        if out.shape[0] != rows:
            raise ValueError(f"{rows} deals but room for {out.shape[0]} answers")
        if not 0 <= me < n or size not in (1, 2):
            raise ValueError("the declarer must be one of the seats and lay away one or two cards")
        if rows == 0:
            return
        self.last_position = None
        for row in range(rows):
            cards = pdd_popcount(hands[row, me])
            if not size < cards <= 16:
                raise ValueError(f"row {row}: the declarer holds {cards} cards (discarding {size})")
            for i in range(n):
                if i != me and pdd_popcount(hands[row, i]) != cards - size:
                    raise ValueError(f"row {row}: seat {i} does not hold {cards - size} cards")
        self.fill(&su, ([hands[0, i] for i in range(n)], trump, constraints, lw_seat, declarer,
                        G_TRICKS, maxside, counted, leader, [], [0] * n, -1))
        total = pdd_popcount(hands[0, me]) - size
        guess = total // 2
        self.st.talon_layouts = 1
        with nogil:
            for row in range(rows):
                if pdd_load(&self.st.stop):
                    break
                for i in range(n):
                    su.hands[i] = hands[row, i]
                out[row] = talon_best(&self.st, &su, me, size, minimise, total, &guess, &first)
        self.st.talon_layouts = 0
        self.check_stopped()
