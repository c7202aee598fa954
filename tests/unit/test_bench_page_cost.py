"""bench/page_cost.py reads the CPU of the processes under it by kind: Chromium's by its --type
(a utility by its service), any other by its program's name; between two samples a process counts
its growth, one that began since counts whole, and one that ended is left out."""

from __future__ import annotations

from page_cost import kind_of, spent


def test_a_process_is_named_by_chromium_s_type_or_by_its_program() -> None:
    assert kind_of(["/usr/lib/chromium/chromium", "--type=renderer", "--lang=en"]) == "renderer"
    assert kind_of(["/usr/lib/chromium/chromium", "--type=utility",
                    "--utility-sub-type=network.mojom.NetworkService"]) == "utility:NetworkService"
    assert kind_of(["/usr/lib/chromium/chromium", "--headless"]) == "browser"
    assert kind_of(["/usr/bin/node", "cli.js"]) == "node"


def test_cpu_between_two_samples_counts_growth_and_new_processes_by_kind() -> None:
    before = {("10", "browser"): 1.0, ("11", "renderer"): 2.0, ("12", "renderer"): 5.0}
    after = {("10", "browser"): 1.5, ("11", "renderer"): 2.25, ("13", "renderer"): 0.75, ("14", "node"): 0.001}
    assert spent(before, after) == {"browser": 0.5, "renderer": 1.0}  # 12 ended; 14's share rounds to nothing
