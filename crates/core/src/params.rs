//! Env params: validation, the scalar difficulty level, overrides by name, and their description.

use std::fmt::Debug;

use schemars::JsonSchema;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::error::{Error, Result};

/// The easiest difficulty level.
pub const LEVEL_MIN: f64 = 0.0;
/// The hardest difficulty level.
pub const LEVEL_MAX: f64 = 10.0;

/// The params of one env.
///
/// Params arrive from JSON, the CLI or a difficulty level; none reaches a generator unvalidated.
pub trait EnvParams:
    Serialize
    + DeserializeOwned
    + JsonSchema
    + Clone
    + Debug
    + PartialEq
    + Default
    + Send
    + Sync
    + 'static
{
    /// Checks every field. Errors name the field, the value and what is allowed.
    fn validate(&self) -> Result<()>;

    /// The params for a difficulty level in [`LEVEL_MIN`]..=[`LEVEL_MAX`].
    ///
    /// Must be monotone: a higher level never makes any knob easier. `level` is already checked.
    fn at_level(level: f64) -> Self;

    /// Fits the knobs a level set to what the chosen source can pose, after the overrides are
    /// applied: `overridden(name)` tells which fields the caller set, which stay as given. The
    /// default changes nothing. An env whose sources differ (a repo that has no bug as subtle as
    /// the level asks) keeps its level map monotone per source here, instead of refusing the
    /// level.
    fn fit_level(&mut self, _level: f64, _overridden: &dyn Fn(&str) -> bool) {}
}

/// Checks a difficulty level: finite and within [`LEVEL_MIN`]..=[`LEVEL_MAX`].
pub fn check_level(level: f64) -> Result<f64> {
    if !(LEVEL_MIN..=LEVEL_MAX).contains(&level) {
        return Err(Error::param(
            "level",
            level,
            format!("a number from {LEVEL_MIN} to {LEVEL_MAX}"),
        ));
    }
    Ok(level)
}

/// Builds validated params: the level's params (or the defaults), then each override by name.
pub fn resolve<P: EnvParams>(level: Option<f64>, overrides: &Map<String, Value>) -> Result<P> {
    let level = level.map(check_level).transpose()?;
    let base = match level {
        Some(level) => P::at_level(level),
        None => P::default(),
    };
    let fit = |mut params: P| {
        if let Some(level) = level {
            params.fit_level(level, &|name| overrides.contains_key(name));
        }
        params
    };
    if overrides.is_empty() {
        let params = fit(base);
        params.validate()?;
        return Ok(params);
    }
    let mut json = serde_json::to_value(&base).map_err(|e| Error::malformed("params", e))?;
    let fields = json
        .as_object_mut()
        .ok_or_else(|| Error::malformed("params", "params must serialize to a JSON object"))?;
    let mut params = base;
    for (name, value) in overrides {
        if !fields.contains_key(name) {
            let known: Vec<&str> = fields.keys().map(String::as_str).collect();
            return Err(Error::param(
                "param name",
                name,
                format!("one of {}", known.join(", ")),
            ));
        }
        fields.insert(name.clone(), value.clone());
        params = serde_json::from_value(Value::Object(fields.clone())).map_err(|e| {
            Error::param(
                name.clone(),
                value,
                format!("{} ({e})", describe_field::<P>(name)),
            )
        })?;
    }
    let params = fit(params);
    params.validate()?;
    Ok(params)
}

/// One parameter, described for people: `verigym list` and error messages.
#[derive(Clone, Debug, Serialize)]
pub struct ParamInfo {
    /// The field name.
    pub name: String,
    /// Its default value.
    pub default: Value,
    /// What values are allowed, from the schema.
    pub allowed: String,
    /// The doc comment of the field.
    pub description: String,
}

/// Describes every field of `P` from its JSON Schema and its default value.
pub fn describe<P: EnvParams>() -> Vec<ParamInfo> {
    let schema = schemars::schema_for!(P);
    let defaults = serde_json::to_value(P::default()).unwrap_or(Value::Null);
    let root = schema.as_value();
    let Some(props) = root.get("properties").and_then(Value::as_object) else {
        return Vec::new();
    };
    props
        .iter()
        .map(|(name, prop)| ParamInfo {
            name: name.clone(),
            default: defaults.get(name).cloned().unwrap_or(Value::Null),
            allowed: allowed_text(root, prop),
            description: prop
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned(),
        })
        .collect()
}

fn describe_field<P: EnvParams>(name: &str) -> String {
    describe::<P>()
        .into_iter()
        .find(|p| p.name == name)
        .map(|p| p.allowed)
        .unwrap_or_else(|| "see `verigym list`".to_owned())
}

/// Renders a schema node as "an integer from 1 to 64", "one of: a, b" and so on.
fn allowed_text(root: &Value, node: &Value) -> String {
    let node = resolve_ref(root, node);
    if let Some(values) = node.get("enum").and_then(Value::as_array) {
        return format!("one of: {}", join_values(values));
    }
    if let Some(variants) = node.get("oneOf").and_then(Value::as_array) {
        let values: Vec<Value> = variants
            .iter()
            .filter_map(|v| v.get("const").cloned())
            .collect();
        if !values.is_empty() {
            return format!("one of: {}", join_values(&values));
        }
    }
    if let Some(any) = node.get("anyOf").and_then(Value::as_array) {
        let parts: Vec<String> = any.iter().map(|v| allowed_text(root, v)).collect();
        return parts.join(", or ");
    }
    let ty = match node.get("type") {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(ts)) => {
            let non_null: Vec<&Value> = ts.iter().filter(|t| *t != "null").collect();
            if let ([Value::String(t)], true) = (non_null.as_slice(), non_null.len() < ts.len()) {
                let mut single = node.clone();
                single["type"] = Value::String(t.clone());
                return format!("{}, or null", allowed_text(root, &single));
            }
            join_values(ts)
        }
        _ => "any".to_owned(),
    };
    match ty.as_str() {
        "integer" | "number" => {
            let noun = if ty == "integer" {
                "an integer"
            } else {
                "a number"
            };
            match (node.get("minimum"), node.get("maximum")) {
                (Some(lo), Some(hi)) => format!("{noun} from {lo} to {hi}"),
                (Some(lo), None) => format!("{noun} of at least {lo}"),
                (None, Some(hi)) => format!("{noun} of at most {hi}"),
                (None, None) => noun.to_owned(),
            }
        }
        "array" => {
            let items = node
                .get("items")
                .map(|i| allowed_text(root, i))
                .unwrap_or_else(|| "any".to_owned());
            let unique = if node.get("uniqueItems") == Some(&Value::Bool(true)) {
                "distinct "
            } else {
                ""
            };
            format!("a non-empty list of {unique}items, each {items}")
        }
        "object" => match node.get("properties").and_then(Value::as_object) {
            Some(props) => {
                let fields: Vec<String> = props
                    .iter()
                    .map(|(name, prop)| format!("{name} ({})", allowed_text(root, prop)))
                    .collect();
                format!("an object with {}", fields.join(", "))
            }
            None => "an object".to_owned(),
        },
        "null" => "null".to_owned(),
        other => format!("a {other}"),
    }
}

fn resolve_ref<'a>(root: &'a Value, node: &'a Value) -> &'a Value {
    let Some(reference) = node.get("$ref").and_then(Value::as_str) else {
        return node;
    };
    reference
        .strip_prefix("#/")
        .and_then(|path| path.split('/').try_fold(root, |at, key| at.get(key)))
        .unwrap_or(node)
}

fn join_values(values: &[Value]) -> String {
    values
        .iter()
        .map(|v| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}
