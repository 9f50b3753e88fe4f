//! Turning `--param name=value` flags into JSON overrides, typed by the env's default params.

use anyhow::{Result, bail};
use serde_json::{Map, Value};

/// Parses `name=value` pairs. A value is read as JSON when it parses (`8`, `null`, `[1,2]`) and
/// as a string otherwise (`words`). For a list-valued param, a non-JSON value is split on commas:
/// `ops=add,sub` means `["add", "sub"]`.
pub fn parse_overrides(pairs: &[String], defaults: &Value) -> Result<Map<String, Value>> {
    let mut out = Map::new();
    for pair in pairs {
        let Some((name, raw)) = pair.split_once('=') else {
            bail!("invalid value for `--param`: {pair:?}; allowed: NAME=VALUE, such as steps=8");
        };
        let name = name.trim();
        let is_list = defaults.get(name).is_some_and(Value::is_array);
        let value = match serde_json::from_str::<Value>(raw) {
            Ok(v) if !is_list || v.is_array() => v,
            _ if is_list => Value::Array(
                raw.split(',')
                    .map(|item| scalar(item.trim()))
                    .filter(|v| v != &Value::String(String::new()))
                    .collect(),
            ),
            _ => scalar(raw),
        };
        if out.insert(name.to_owned(), value).is_some() {
            bail!("invalid value for `--param`: {name} is given twice; allowed: each param once");
        }
    }
    Ok(out)
}

fn scalar(raw: &str) -> Value {
    serde_json::from_str(raw).unwrap_or_else(|_| Value::String(raw.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn typed_by_defaults() {
        let defaults = json!({"steps": 8, "ops": ["add"], "style": "symbols", "operand_max": null});
        let pairs = ["steps=12", "ops=add,mul", "style=words", "operand_max=50"].map(String::from);
        let got = parse_overrides(&pairs, &defaults).unwrap();
        assert_eq!(
            Value::Object(got),
            json!({"steps": 12, "ops": ["add", "mul"], "style": "words", "operand_max": 50})
        );
    }

    #[test]
    fn malformed_pairs_are_errors() {
        let defaults = json!({"steps": 8});
        assert!(parse_overrides(&["steps".into()], &defaults).is_err());
        assert!(parse_overrides(&["steps=1".into(), "steps=2".into()], &defaults).is_err());
    }
}
