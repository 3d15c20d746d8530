"""The recording benchmark's tables (benchmarks/recording_benchmark.py measures; this prints): voicerec's AAC
recording against ffmpeg and GStreamer, and its Ogg Opus recording against ffmpeg's, the floor under it and SPEC G's
goals, as Markdown tables for docs/BENCHMARKS.md."""


def rows(short_take, long_take):
    """The measures both tables print: (label, key in a recorder's results, format)."""
    return [
        ("start latency (launch → stream), ms", "start_ms", "{:.0f}"),
        (f"stop latency, {short_take:g} s take, ms", "stop_short_ms", "{:.0f}"),
        (f"stop latency, {long_take / 60:.3g} min take, ms", "stop_long_ms", "{:.0f}"),
        ("CPU seconds per recorded minute", "cpu_per_min", "{:.2f}"),
        ("sound server's extra CPU seconds per recorded minute", "server_cpu_per_min", "{:.2f}"),
        ("CPU per minute, recorder + server", "total_cpu_per_min", "{:.2f}"),
        ("peak memory, MiB", "peak_mib", "{:.1f}"),
        ("peak private dirty memory, MiB", "private_mib", "{:.1f}"),
        (f"memory growth 0:30 → end of the {long_take / 60:.3g} min take, MiB", "growth_mib", "{:+.1f}"),
    ]


def recording_table(results, rows, timed_ms, in_app, quality, short_take):
    """voicerec's AAC recording beside ffmpeg's and GStreamer's, with the ratio to the better peer."""
    names = ["voicerec", "ffmpeg", "gstreamer"]
    print()
    print("| measure | voicerec | ffmpeg | GStreamer | voicerec ÷ best peer |")
    print("|---|---:|---:|---:|---:|")
    for label, key, fmt in rows:
        values = [results[n][key] for n in names]
        best_peer = min(results["ffmpeg"][key], results["gstreamer"][key])
        if key == "growth_mib":
            ratio = "—"
        else:
            ratio = f"{values[0] / best_peer:.2f}" if best_peer > 0 else "—"
        print(f"| {label} | " + " | ".join(fmt.format(v) for v in values) + f" | {ratio} |")
    best_start = min(results["ffmpeg"]["start_ms"], results["gstreamer"]["start_ms"])
    print(f"| start latency with --duration 1 (launch → stream), ms | {timed_ms:.0f} | — | — | "
          f"{timed_ms / best_start:.2f} |")
    print(f"| stop latency, long ÷ short take | " +
          " | ".join(f"{results[n]['stop_ratio']:.2f}" for n in names) + " | |")
    if in_app:
        print(f"| in-app start: hold landing → first captured buffer, touch-down then hold, ms (median; p90) | "
              f"{in_app['touch_median_ms']:.1f}; {in_app['touch_p90_ms']:.1f} | — | — | |")
        print(f"| in-app start: press() from code → first captured buffer, ms (median; p90) | "
              f"{in_app['press_median_ms']:.1f}; {in_app['press_p90_ms']:.1f} | — | — | |")
    if quality:
        ours, reference = quality["voicerec"], quality["ffmpeg"]
        print(f"| encoding the same speech: segmental SNR, dB (voicerec's writer; FFmpeg's AAC at 48 kb/s) | "
              f"{ours['segmental']:.2f} | {reference['segmental']:.2f} | — | "
              f"{ours['segmental'] - reference['segmental']:+.2f} dB |")
        print(f"| encoding the same speech: spectral SNR, dB | {ours['spectral']:.2f} | {reference['spectral']:.2f} | — | "
              f"{ours['spectral'] - reference['spectral']:+.2f} dB |")
        print(f"| encoding the same speech: bit rate spent, kb/s | {ours['kbps']:.1f} | {reference['kbps']:.1f} | — | |")
    print(f"| file duration of the {short_take:g} s take, s | " +
          " | ".join(f"{results[n]['short_duration']:.3f}" for n in names) + " | |")


def opus_table(results, rows, quality, short_take, long_take):
    """The Opus rows: voicerec's Opus recording, the floor under it (libpulse and libopus alone, at the same settings)
    and FFmpeg's libopus one beside FFmpeg's AAC recording, with SPEC G's goals as ratios to FFmpeg's AAC recording."""
    goals = {"start_ms": 0.3, "stop_short_ms": 0.3, "stop_long_ms": 0.3, "total_cpu_per_min": 0.35,
             "peak_mib": 0.5, "private_mib": 0.5}
    ours, floor, peer, aac = (results[n] for n in ["voicerec-opus", "floor-opus", "ffmpeg-opus", "ffmpeg"])
    print()
    print("| measure | voicerec Opus | the floor (C) | ffmpeg libopus | ffmpeg AAC | voicerec Opus ÷ ffmpeg AAC | goal |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for label, key, fmt in rows:
        ratio = f"{ours[key] / aac[key]:.2f}" if key != "growth_mib" and aac[key] > 0 else "—"
        goal = ""
        if key in goals:
            met = ours[key] / aac[key] <= goals[key] if aac[key] > 0 else False
            goal = f"≤ {goals[key]}: " + ("met" if met else "**missed**")
        print(f"| {label} | {fmt.format(ours[key])} | {fmt.format(floor[key])} | {fmt.format(peer[key])} | "
              f"{fmt.format(aac[key])} | {ratio} | {goal} |")
    print(f"| stop latency, long ÷ short take | {ours['stop_ratio']:.2f} | {floor['stop_ratio']:.2f} | "
          f"{peer['stop_ratio']:.2f} | {aac['stop_ratio']:.2f} | | flat |")
    print(f"| size of the {long_take / 60:.3g} min take, KiB | {ours['long_kib']:.0f} | {floor['long_kib']:.0f} | "
          f"{peer['long_kib']:.0f} | {aac['long_kib']:.0f} | {ours['long_kib'] / aac['long_kib']:.2f} (÷ voicerec's "
          f"AAC: {ours['long_kib'] / results['voicerec']['long_kib']:.2f}) | ≤ 0.4 × our AAC |")
    if quality and "voicerec-opus" in quality:
        q, r, a = quality["voicerec-opus"], quality["ffmpeg-opus"], quality["voicerec"]
        print(f"| the same speech: segmental / spectral SNR, dB (voicerec's AAC: {a['segmental']:.2f} / "
              f"{a['spectral']:.2f}) | {q['segmental']:.2f} / {q['spectral']:.2f} | — | "
              f"{r['segmental']:.2f} / {r['spectral']:.2f} | | | |")
        print(f"| the same speech: bit rate spent, kb/s (voicerec's AAC: {a['kbps']:.1f}) | {q['kbps']:.1f} | — | "
              f"{r['kbps']:.1f} | | | |")
    print(f"| file duration of the {short_take:g} s take, s | {ours['short_duration']:.3f} | "
          f"{floor['short_duration']:.3f} | {peer['short_duration']:.3f} | {aac['short_duration']:.3f} | | |")
    key = "total_cpu_per_min"
    if floor[key] <= 0 or floor["cpu_per_min"] <= 0:
        return  # a server share below zero is the server's drift: no ratio to the floor means anything then
    print()
    print(f"Recorder + server: the floor {floor[key]:.2f} s/min = {floor[key] / aac[key]:.2f}× ffmpeg's AAC recording; "
          f"voicerec's Opus recording {ours[key] / floor[key]:.2f}× the floor (recorder alone: "
          f"{ours['cpu_per_min'] / floor['cpu_per_min']:.2f}×).")
